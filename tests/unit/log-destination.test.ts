/**
 * The site's log destination (src/lib/node/build/log-destination.ts): a run of reused paths is one
 * line with their count; a rendered path and every other line are written as Astro writes them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import destination from '../../src/lib/node/build/log-destination.ts';

afterEach(() => vi.restoreAllMocks());

/** What the destination writes to stdout for `events`. */
function written(events: [label: string | null, message: string, newLine: boolean][]): string {
  let out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  const d = destination();
  for (const [label, message, newLine] of events) d.write({ label, level: 'info', message, newLine });
  vi.restoreAllMocks();
  // The timestamps of Astro's prefix aside, and its colours (on where CI is set, as in CI).
  return out.replace(/\x1b\[[0-9;]*m/g, '').replace(/\d\d:\d\d:\d\d /g, '');
}

describe('the log destination', () => {
  it('writes a run of reused paths as one line with their count', () => {
    expect(
      written([
        [null, '  ├─ /a/index.html', false],
        ['SKIP_FORMAT', ' (cached)', true],
        [null, '  ├─ /b/index.html', false],
        ['SKIP_FORMAT', ' (restored)', true],
        [null, '  ├─ /c/index.html', false],
        ['SKIP_FORMAT', ' (+12ms)', true],
        [null, '  ├─ /d/index.html', false],
        ['SKIP_FORMAT', ' (cached)', true],
        ['build', 'Completed in 1s.', true],
      ]),
    ).toBe('  └─ 2 paths reused\n  ├─ /c/index.html (+12ms)\n  └─ 1 path reused\n[build] Completed in 1s.\n');
  });

  it('leaves a log without reused paths as Astro writes it', () => {
    expect(written([[null, '  ├─ /c/index.html', false], ['SKIP_FORMAT', ' (+12ms)', true], ['content', 'Synced', true]])).toBe(
      '  ├─ /c/index.html (+12ms)\n[content] Synced\n',
    );
  });
});
