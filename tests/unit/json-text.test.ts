/**
 * The top-level JSON text edits behind `sync` and `new`: each keeps the rest of the text byte for
 * byte, in any layout (two or four spaces, tabs, CRLF, one line), and the result parses to what
 * was meant.
 */
import { describe, expect, it } from 'vitest';
import { detectFormat, insertMember, removeMember, replaceMember, serializeValue, topMembers } from '../../src/cli/json-text.ts';
import { lineDiff } from '../../src/cli/line-diff.ts';
import { syncAdoption } from '../../src/cli/sync.ts';

const LAYOUTS: [string, (v: unknown) => string][] = [
  ['two spaces', (v) => JSON.stringify(v, null, 2) + '\n'],
  ['four spaces, CRLF, no final newline', (v) => JSON.stringify(v, null, 4).replace(/\n/g, '\r\n')],
  ['tabs', (v) => JSON.stringify(v, null, '\t') + '\n'],
  ['one line', (v) => JSON.stringify(v)],
];

describe.each(LAYOUTS)('%s', (_, write) => {
  const doc = { a: 1, b: { 'x"y': [1, '}'] }, c: 'z' };
  const text = write(doc);
  const format = detectFormat(text);

  it('finds the members with their offsets', () => {
    const top = topMembers(text)!;
    expect(top.members.map((m) => m.key)).toEqual(['a', 'b', 'c']);
    for (const m of top.members) expect(JSON.parse(text.slice(m.valueStart, m.valueEnd))).toEqual(doc[m.key as keyof typeof doc]);
  });

  it('replaces, inserts and removes, leaving the rest as written', () => {
    const replaced = replaceMember(text, 'a', serializeValue({ deep: [true] }, format));
    expect(JSON.parse(replaced)).toEqual({ ...doc, a: { deep: [true] } });
    expect(replaced.endsWith(text.slice(text.indexOf('"b"')))).toBe(true);

    const inserted = insertMember(text, 'n', '0', format, 'a');
    expect(Object.keys(JSON.parse(inserted))).toEqual(['a', 'n', 'b', 'c']);
    expect(Object.keys(JSON.parse(insertMember(text, 'n', '0', format, undefined)))).toEqual(['n', 'a', 'b', 'c']);
    expect(detectFormat(inserted)).toEqual(format);

    for (const key of ['a', 'b', 'c']) {
      const removed = removeMember(text, key);
      expect(Object.keys(JSON.parse(removed))).toEqual(['a', 'b', 'c'].filter((k) => k !== key));
    }
  });
});

describe('edge cases', () => {
  it('inserting into an empty object, removing the only member', () => {
    const format = detectFormat('{}\n');
    expect(JSON.parse(insertMember('{}\n', 'k', '"v"', format, undefined))).toEqual({ k: 'v' });
    expect(JSON.parse(removeMember('{\n  "k": 1\n}\n', 'k'))).toEqual({});
  });

  it('a one-line adoption stays on one line when sync rewrites a member', () => {
    const definition = { contract: 'c', version: 1, summary: 'new', mechanism: ['m'], questions: {}, declares: {} };
    const adoption = '{"contract":"c","version":1,"summary":"old","mechanism":["m"],"questions":{},"declares":{},"answers":{},"values":{}}';
    const { text, changes } = syncAdoption(adoption, JSON.parse(adoption), JSON.stringify(definition, null, 2) + '\n', definition);
    expect(text).toBe(adoption.replace('"old"', '"new"'));
    expect(changes).toEqual([{ pointer: '/summary', what: 'copied from definition.json (it differed at /summary)' }]);
  });
});

describe('lineDiff', () => {
  it('shows removed then added lines in a hunk with context', () => {
    const diff = lineDiff('a\nb\nc\nd\ne\n', 'a\nb\nC\nd\ne\n', 1);
    expect(diff).toEqual(['@@ -2,3 +2,3 @@', ' b', '-c', '+C', ' d']);
  });

  it('escapes a right-to-left override instead of printing it', () => {
    expect(lineDiff('x', 'y\u202e')).toEqual(['@@ -1,1 +1,1 @@', '-x', '+y\\u202e']);
  });
});
