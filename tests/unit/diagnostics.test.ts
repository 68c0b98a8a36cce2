/**
 * A finding is one readable line whatever the catalog values it quotes: newlines and other
 * control characters are escaped, a long quoted value is cut with its length given, and a
 * message of values full of quotes is held to a bounded line.
 */
import { describe, expect, it } from 'vitest';
import { oneLine } from '../../src/lib/opengdd/diagnostics.ts';

describe('oneLine', () => {
  it('leaves an ordinary message alone', () => {
    const message = 'Row 2 of "waves": "id" must be kebab-case, and "Boss Wave" is not.';
    expect(oneLine(message)).toBe(message);
  });

  it('escapes control characters', () => {
    expect(oneLine('The value "a\nb\tc\u0007" is not allowed.')).toBe('The value "a\\nb\\tc\\u0007" is not allowed.');
  });

  it('cuts a long quoted value and says how long it was', () => {
    const out = oneLine(`The id "${'x'.repeat(1_500_000)}" is too long for a name.`);
    expect(out).toBe(`The id "${'x'.repeat(80)}…" (1,500,000 characters) is too long for a name.`);
  });

  it('never cuts inside a surrogate pair', () => {
    const out = oneLine(`The id "${'😀'.repeat(100_000)}" is not kebab-case.`);
    expect(out).toContain(`"${'😀'.repeat(40)}…" (200,000 characters)`);
    expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('holds a message of values that carry their own quotes to a bounded line', () => {
    const out = oneLine(`The id "${'a"'.repeat(300_000)}" is not kebab-case.`);
    expect(out.length).toBeLessThan(1100);
    expect(out).toMatch(/… \(\d{3},\d{3} characters\)$/);
  });
});
