/**
 * What an older version's page shows of the newest version's changes: each change with its two
 * sides, text compared word by word, conditions in words, other values as written. Pure: built
 * from the engine's `definitionChanges`, rendered by VersionChanges.astro.
 */
import type { ChangeArea, DefinitionChange } from '../opengdd/changes.ts';
import { isObject, own, type Json } from '../opengdd/json.ts';
import type { Condition } from '../opengdd/types.ts';
import { conditionWords, type Token } from './describe.ts';
import { CHANGE_AREA_HEADINGS, CHANGE_ITEM_WORDS, CHANGE_MEMBER_LABELS } from './model/words/changes.ts';
import { wordDiff, type DiffRun } from './word-diff.ts';

/** One member of a changed item (or the whole of an added or removed one), ready to show. */
export type MemberView =
  | { member: string; label: string; kind: 'text'; runs: DiffRun[] }
  | { member: string; label: string; kind: 'condition'; before?: Token[]; after?: Token[] }
  | { member: string; label: string; kind: 'value'; before?: string; after?: string };

/** One change: what it is, a line that names it, and its members side by side. */
export interface ChangeView {
  area: ChangeArea;
  kind: DefinitionChange['kind'];
  /** The name as the engine gives it, e.g. `capacity-limit / slot-count`. */
  name: string;
  /** What a reader sees first, e.g. "Option slot-count of capacity-limit". */
  label: string;
  /** For a changed item: the labels of the members that differ. */
  changed: string[];
  members: MemberView[];
}

/** The changes of one area, in the order the engine lists them. */
export interface ChangeGroupView {
  area: ChangeArea;
  heading: string;
  items: ChangeView[];
}

/** The areas in the order the section lists them. */
const AREAS: ChangeArea[] = ['summary', 'mechanism', 'question', 'option', 'value', 'row-set', 'row-field', 'rule', 'template'];

/** The member that says what an item is, shown whole when the item is added or removed. */
const HEADLINE: Partial<Record<ChangeArea, string>> = {
  question: 'asks',
  option: 'meaning',
  value: 'description',
  'row-set': 'description',
  'row-field': 'description',
  template: 'title',
};


/** The changes grouped by area, each with its members compared. */
export function versionChangesView(changes: DefinitionChange[]): ChangeGroupView[] {
  return AREAS.map((area) => ({
    area,
    heading: CHANGE_AREA_HEADINGS[area],
    items: changes.filter((c) => c.area === area).map(changeView),
  })).filter((g) => g.items.length > 0);
}

function changeView(c: DefinitionChange): ChangeView {
  const label = itemLabel(c.area, c.name);
  if (c.area === 'summary' || c.area === 'mechanism') {
    return { area: c.area, kind: c.kind, name: c.name, label, changed: [], members: [member(c.area, c.before, c.after)] };
  }
  if (c.kind === 'changed') {
    // A rule written as a plain expression has no members: the engine calls the whole `value`.
    const names = c.members ?? [];
    const members = names.map((m) => (m === 'value' && !isObject(c.before ?? null) ? member('value', c.before, c.after) : member(m, pick(c.before, m), pick(c.after, m))));
    return { area: c.area, kind: c.kind, name: c.name, label, changed: members.map((m) => m.label), members };
  }
  const side = c.kind === 'added' ? c.after : c.before;
  const headline = HEADLINE[c.area];
  const shown = headline && isObject(side ?? null) ? pick(side, headline) : isObject(side ?? null) ? undefined : side;
  const members =
    shown === undefined ? [] : [member(headline ?? 'value', c.kind === 'removed' ? shown : undefined, c.kind === 'added' ? shown : undefined)];
  return { area: c.area, kind: c.kind, name: c.name, label, changed: [], members };
}

/** "Option slot-count of capacity-limit", "Field stack-limit of items", "Question capacity-limit". */
function itemLabel(area: ChangeArea, name: string): string {
  const [owner, own] = name.split(' / ');
  switch (area) {
    case 'summary':
      return CHANGE_ITEM_WORDS.summary;
    case 'mechanism':
      return CHANGE_ITEM_WORDS.mechanism;
    case 'option':
      return CHANGE_ITEM_WORDS.option(own!, owner!);
    case 'row-field':
      return CHANGE_ITEM_WORDS.rowField(own!, owner!);
    case 'row-set':
      return CHANGE_ITEM_WORDS.rowSet(name);
    default:
      return CHANGE_ITEM_WORDS.other(area, name);
  }
}

function member(name: string, before: Json | undefined, after: Json | undefined): MemberView {
  const label = CHANGE_MEMBER_LABELS[name] ?? name;
  const a = text(before);
  const b = text(after);
  if ((a !== undefined || before === undefined) && (b !== undefined || after === undefined)) {
    return { member: name, label, kind: 'text', runs: wordDiff(a ?? '', b ?? '') };
  }
  if (name === 'when' && (isObject(before ?? null) || isObject(after ?? null))) {
    return {
      member: name,
      label,
      kind: 'condition',
      ...(before !== undefined ? { before: conditionWords(before as Condition) } : {}),
      ...(after !== undefined ? { after: conditionWords(after as Condition) } : {}),
    };
  }
  return {
    member: name,
    label,
    kind: 'value',
    ...(before !== undefined ? { before: JSON.stringify(before) } : {}),
    ...(after !== undefined ? { after: JSON.stringify(after) } : {}),
  };
}

/** A string, or a list of strings as paragraphs; anything else is not text. */
function text(value: Json | undefined): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) return value.join('\n\n');
  return undefined;
}

function pick(value: Json | undefined, key: string): Json | undefined {
  return own(value, key) as Json | undefined;
}
