/**
 * The maintainer's loop of issue 11, start to finish, with the real bin on a temporary copy of the
 * embedded catalog: `new` a contract, write three questions, a value range, a rule, a row set and a
 * pack of four templates, `sync`, `check`, build the site with it before any adoption (a pack ahead
 * of its first adoption is no orphan), then `new` an adoption, fill it in, edit the definition and
 * `sync` again. `check`, `render-tests` and the build leave the catalog byte-identical.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFindings, runBin } from '../helpers/cli.ts';
import { repoRoot, treeDigest } from '../helpers/paths.ts';
import { buildSite, copyCatalog, page, remove } from '../helpers/site.ts';

const CV = 'ability-cooldown-1';
const DEF = `catalog/${CV}/definition.json`;
const PACK = `packs/${CV}.pack.json`;
const ADOPTION = `catalog/${CV}/adoptions/fire-bolt.json`;

const root = copyCatalog(repoRoot);
const temps = [root];
afterAll(() => temps.forEach(remove));

const cli = (...args: string[]) => runBin([...args, '--catalog', root]);
const cliNoCatalog = (...args: string[]) => runBin(args);
const read = (rel: string) => JSON.parse(readFileSync(path.join(root, rel), 'utf8'));
const write = (rel: string, doc: unknown) => writeFileSync(path.join(root, rel), JSON.stringify(doc, null, 2) + '\n');
const errorsIn = (out: string, file: string) => parseFindings(out).filter((f) => f.severity === 'error' && f.file === file);

/** What a maintainer writes into the new definition.json (our own text). */
function definitionEdits(def: Record<string, unknown>): void {
  def.summary = 'An ability that cannot be used again until its cooldown has run out.';
  def.mechanism = ['Using an ability starts its cooldown; until it has run out, the ability cannot be used again.'];
  def.questions = {
    'early-press': {
      asks: 'The player presses the ability while it cools down. What happens?',
      options: { ignore: { meaning: 'Nothing happens.' }, buffer: { meaning: 'The ability fires when the cooldown ends.' } },
    },
    'on-death': {
      asks: 'The player dies while a cooldown runs. What happens to it?',
      options: { keep: { meaning: 'It keeps running.' }, reset: { meaning: 'It is cleared.' } },
    },
    'shown-to-player': {
      asks: 'Does the game show the time left?',
      options: { countdown: { meaning: 'A countdown shows it.' }, hidden: { meaning: 'Nothing shows it.' } },
    },
  };
  def.declares = {
    values: {
      'cooldown-seconds': { description: 'Seconds until the ability is ready again.', range: [0.5, 600] },
      'buffer-seconds': { description: 'How early a press is still remembered.', range: [0, 2] },
    },
    rows: {
      abilities: {
        description: 'One row per ability under these rules.',
        record: {
          id: { type: 'string', required: true, unique: true, pattern: 'kebab-case', description: 'The ability.' },
          cooldown: { type: 'number', required: true, within: [0.5, 600], description: 'Its cooldown in seconds.' },
        },
      },
    },
  };
  // The rule goes after declares; `pack` is written last, as `new` left it.
  const { pack, ...rest } = def;
  for (const k of Object.keys(def)) delete def[k];
  Object.assign(def, rest, { rules: { 'buffer-shorter-than-cooldown': 'buffer-seconds < cooldown-seconds' } }, { pack });
}

const scenario = (id: string, title: string, extra: Record<string, unknown>, then: string) => ({
  id,
  title,
  type: 'scenario',
  expand: 'once',
  ...extra,
  test: { type: 'scenario', given: 'an ability of {{instance}} used a moment ago', when: ['the player acts'], then: [then] },
  text: `${title}.`,
});

const TEMPLATES = [
  scenario('cannot-fire-while-cooling', 'No second use during the cooldown', {}, 'it does not fire before {{value-cite:cooldown-seconds}} seconds'),
  scenario(
    'early-press-outcome',
    'An early press {{bind:press-outcome}}',
    { bindings: { 'press-outcome': { flag: 'early-press', map: { ignore: 'is lost', buffer: 'fires at the end' } } } },
    'the press {{bind:press-outcome}}',
  ),
  scenario('death-clears-cooldown', 'Death clears the cooldown', { when: { flag: { 'on-death': ['reset'] } } }, 'the ability is ready on respawn'),
  {
    ...scenario('ability-is-ready-again', '{{row.id}} is ready after {{row.cooldown}} seconds', {}, '{{row.id}} is ready at {{row.cooldown}} seconds'),
    expand: 'per-row',
    collection: 'abilities',
  },
];

describe('a new contract, as a maintainer makes it', () => {
  it('new → check is clean before anything is written into it', () => {
    const made = cli('new', CV, '--group', 'timers-and-effects');
    expect(made.status, made.err).toBe(0);
    const checked = cli('check');
    expect(checked.status, checked.out).toBe(0);
    expect(parseFindings(checked.out).filter((f) => f.file.includes(CV))).toEqual([]);
  });

  it('edit the definition and the pack → check names the stale digest → sync --check shows it → sync → check is clean', () => {
    const def = read(DEF);
    definitionEdits(def);
    write(DEF, def);
    write(PACK, { contract: 'ability-cooldown', version: 1, templates: TEMPLATES });

    const stale = cli('check');
    expect(stale.status).toBe(1);
    expect(errorsIn(stale.out, DEF).map((f) => `${f.code} ${f.pointer}`)).toEqual(['CONTRACT_PACK_HASH /pack']);

    const before = treeDigest(root);
    const dry = cli('sync', '--check');
    expect(dry.status).toBe(1);
    expect(dry.out).toContain(`${DEF}#/pack `);
    expect(treeDigest(root)).toBe(before);

    expect(cli('sync').status).toBe(0);
    const clean = cli('check');
    expect(clean.status, clean.out).toBe(0);
    expect(parseFindings(clean.out).filter((f) => f.file.includes(CV))).toEqual([]);
  });

  it('the site builds with it before its first adoption, and the build writes nothing into the catalog', () => {
    const before = treeDigest(root);
    const build = buildSite(root, 'authoring');
    temps.push(build.outDir);
    expect(build.status, build.output.slice(-2000)).toBe(0);
    expect(treeDigest(root), 'the build must not write into the catalog').toBe(before);
    const html = page(build, `contracts/${CV}/index.html`);
    expect(html).toContain('Ability cooldown');
    expect(html).toContain('No second use during the cooldown');
  }, 300_000);

  it('new <adoption> → fill it in → check is clean and generates its tests; render-tests writes nothing', () => {
    expect(cli('new', CV, 'fire-bolt').status).toBe(0);
    const doc = read(ADOPTION);
    doc.answers = { 'early-press': 'buffer', 'on-death': 'reset', 'shown-to-player': 'countdown' };
    doc.values = { 'cooldown-seconds': 4, 'buffer-seconds': 0.25 };
    doc.rows = { abilities: [{ id: 'fire-bolt', cooldown: 4 }, { id: 'flame-wall', cooldown: 12 }] };
    doc._note = 'the mage';
    write(ADOPTION, doc);
    const checked = cli('check');
    expect(errorsIn(checked.out, ADOPTION), checked.out).toEqual([]);
    expect(checked.status).toBe(0);

    const before = treeDigest(root);
    const rendered = cliNoCatalog('render-tests', '--pack', path.join(root, PACK), path.join(root, ADOPTION));
    expect(rendered.status, rendered.err).toBe(0);
    // Three once templates are live under these answers, and the per-row one for each of two rows.
    expect(rendered.out.match(/^### AT /gm)).toHaveLength(5);
    expect(rendered.out).toContain('### AT fire-bolt/ability-is-ready-again/flame-wall');
    expect(treeDigest(root)).toBe(before);
  });

  it('a definition edit → check names the divergent copy → sync copies it, the designer part stays', () => {
    const def = read(DEF);
    def.questions['on-death'].options.keep.meaning = 'It runs on through death.';
    write(DEF, def);
    const divergent = cli('check');
    expect(errorsIn(divergent.out, ADOPTION).map((f) => f.code)).toEqual(['CONTRACT_DEFINITION_DIVERGENT']);
    const designer = (({ answers, values, rows, _note }) => ({ answers, values, rows, _note }))(read(ADOPTION));
    const synced = cli('sync');
    expect(synced.out).toContain(`${ADOPTION}#/questions copied from definition.json (it differed at /questions/on-death/options/keep/meaning)`);
    expect(cli('check').status).toBe(0);
    const after = read(ADOPTION);
    expect({ answers: after.answers, values: after.values, rows: after.rows, _note: after._note }).toEqual(designer);
  });
});
