/**
 * "What changed in version N" on an older version's page: every change the engine finds shows its
 * two sides, text word by word, on the embedded catalog's clamped-meter versions and (when present)
 * the corpus's container versions.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { definitionChanges } from '../../src/lib/opengdd/changes.ts';
import type { Definition, Pack } from '../../src/lib/opengdd/types.ts';
import { versionChangesView, type MemberView } from '../../src/lib/site/version-changes.ts';
import { corpusDir, corpusPresent, repoRoot } from '../helpers/paths.ts';

const read = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const load = (root: string, cv: string) => ({
  definition: read<Definition>(path.join(root, 'catalog', cv, 'definition.json')),
  pack: read<Pack>(path.join(root, 'packs', `${cv}.pack.json`)),
});
const textOf = (m: MemberView, op: 'removed' | 'added') =>
  m.kind === 'text' ? m.runs.filter((r) => r.op === 'same' || r.op === op).map((r) => r.text).join('') : '';

function checkPair(root: string, older: string, newer: string) {
  const a = load(root, older);
  const b = load(root, newer);
  const changes = definitionChanges(a.definition, b.definition, a.pack, b.pack);
  const groups = versionChangesView(changes);
  const items = groups.flatMap((g) => g.items);
  expect(items).toHaveLength(changes.length);
  for (const c of items) {
    expect(c.label).not.toBe('');
    if (c.kind === 'changed' && c.area !== 'summary' && c.area !== 'mechanism') expect(c.changed.length).toBeGreaterThan(0);
    for (const m of c.members) {
      if (m.kind === 'text') {
        // Each side of a text change reads back as that version's words.
        expect(m.runs.length).toBeGreaterThan(0);
        if (c.kind === 'added') expect(m.runs.every((r) => r.op === 'added')).toBe(true);
        if (c.kind === 'removed') expect(m.runs.every((r) => r.op === 'removed')).toBe(true);
      } else if (c.kind === 'changed') {
        expect(m.before !== undefined || m.after !== undefined).toBe(true);
      }
    }
  }
  return { a, b, groups, items };
}

describe('versionChangesView', () => {
  it('shows the embedded clamped-meter summary rewrite word by word', () => {
    const { a, b, items } = checkPair(repoRoot, 'clamped-meter-1', 'clamped-meter-2');
    const summary = items.find((c) => c.area === 'summary')!;
    const m = summary.members[0]!;
    expect(textOf(m, 'removed').replace(/\s+/g, ' ')).toBe(a.definition.summary.replace(/\s+/g, ' '));
    expect(textOf(m, 'added')).toBe(b.definition.summary);
    // A changed option names the members that differ and compares its meaning.
    const option = items.find((c) => c.area === 'option' && c.kind === 'changed' && c.changed.includes('Meaning'))!;
    expect(option.label).toMatch(/^Option \S+ of \S+$/);
    expect(option.members.find((mm) => mm.member === 'meaning')!.kind).toBe('text');
    // An added option shows its meaning whole.
    const added = items.find((c) => c.area === 'option' && c.kind === 'added')!;
    const [owner, id] = added.name.split(' / ');
    const meaning = (b.definition.questions[owner!]!.options as Record<string, { meaning: string }>)[id!]!.meaning;
    expect(textOf(added.members[0]!, 'added')).toBe(meaning);
  });

  it.skipIf(!corpusPresent)(`gives every change between the corpus's container-1 and container-2 its two sides (skipped when ${corpusDir} is absent)`, () => {
    const { items } = checkPair(corpusDir, 'container-1', 'container-2');
    expect(items.length).toBeGreaterThan(10);
    expect(items.some((c) => c.area === 'template')).toBe(true);
  });
});
