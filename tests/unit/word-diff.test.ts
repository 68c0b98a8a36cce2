/** The word diff behind "What changed in version N": shared words kept, the rest marked. */
import { describe, expect, it } from 'vitest';
import { wordDiff, wordsDiffer, type DiffRun } from '../../src/lib/site/word-diff.ts';

const side = (runs: DiffRun[], keep: DiffRun['op']) => runs.filter((r) => r.op === 'same' || r.op === keep).map((r) => r.text).join('');

describe('wordDiff', () => {
  it('marks the words a rewrite removes and adds, removed before added', () => {
    const runs = wordDiff('The change does not happen at all.', 'The whole change is rejected at all.');
    expect(runs).toEqual([
      { op: 'same', text: 'The ' },
      { op: 'added', text: 'whole ' },
      { op: 'same', text: 'change ' },
      { op: 'removed', text: 'does not happen ' },
      { op: 'added', text: 'is rejected ' },
      { op: 'same', text: 'at all.' },
    ]);
  });

  it('gives the newer text back from its shared and added runs, whatever the spacing', () => {
    const before = 'one  two three\n\nfour five';
    const after = 'zero one two\n\nfour  six five ';
    const runs = wordDiff(before, after);
    expect(side(runs, 'added')).toBe(after);
    expect(side(runs, 'removed').replace(/\s+/g, ' ').trim()).toBe(before.replace(/\s+/g, ' ').trim());
  });

  it('treats an empty side as all added or all removed', () => {
    expect(wordDiff('', 'new words')).toEqual([{ op: 'added', text: 'new words' }]);
    expect(wordDiff('old words', '')).toEqual([{ op: 'removed', text: 'old words' }]);
    expect(wordDiff('same', 'same')).toEqual([{ op: 'same', text: 'same' }]);
  });

  it('falls back to removed-then-added for texts too long to compare word by word', () => {
    const a = Array.from({ length: 2100 }, (_, i) => `a${i}`).join(' ');
    const b = Array.from({ length: 2100 }, (_, i) => `b${i}`).join(' ');
    const runs = wordDiff(a, b);
    expect(runs.map((r) => r.op)).toEqual(['removed', 'added']);
  });

  it('says whether two texts differ in their words, not their spacing', () => {
    expect(wordsDiffer('a  b', 'a b')).toBe(false);
    expect(wordsDiffer('a b', 'a c')).toBe(true);
  });
});
