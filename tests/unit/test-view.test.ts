/**
 * The reading layout of a test block, shared by the static page and the explorer: fields in
 * scenario / general-test order, sentences as text or lists, identifiers as code or chips, and
 * anything else as JSON, never dropped.
 */
import { describe, expect, it } from 'vitest';
import { testViewRows } from '../../src/lib/site/test-view.ts';

describe('testViewRows', () => {
  it('orders a scenario Given / When / Then / Diagnostics whatever the key order, without its type', () => {
    const rows = testViewRows({ diagnostics: ['log'], then: ['a', 'b'], type: 'scenario', when: ['x'], given: 'g' });
    expect(rows.map((r) => r.label)).toEqual(['Given', 'When', 'Then', 'Diagnostics']);
    expect(rows.map((r) => r.kind)).toEqual(['text', 'text', 'list', 'chips']);
    expect(rows[1]!.items).toEqual(['x']);
  });

  it('orders a general test Scope / Holds / Seeds, identifiers as code', () => {
    const rows = testViewRows({ type: 'general', seeds: 'seed-a', holds: ['h1', 'h2'], scope: 's' });
    expect(rows.map((r) => [r.key, r.kind])).toEqual([
      ['scope', 'text'],
      ['holds', 'list'],
      ['seeds', 'code'],
    ]);
  });

  it('keeps an unknown field, after the known ones, and shows a non-string value as JSON', () => {
    const rows = testViewRows({ unchanged: { hp: 3 }, given: 'g', extra: [1, 'two'] });
    expect(rows.map((r) => r.key)).toEqual(['given', 'unchanged', 'extra']);
    expect(rows[1]).toEqual({ key: 'unchanged', label: 'unchanged', kind: 'json', items: [JSON.stringify({ hp: 3 }, null, 2)] });
    expect(rows[2]!.kind).toBe('json');
  });

  it('shows a one-identifier list as chips, not as a sentence', () => {
    expect(testViewRows({ diagnostics: ['only-one'] })[0]).toMatchObject({ kind: 'chips', items: ['only-one'] });
  });
});
