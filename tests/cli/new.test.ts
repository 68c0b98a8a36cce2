/**
 * `opengdd-catalog new` on temporary copies of the embedded catalog: a contract folder that `check`
 * accepts, with an empty pack whose digest the definition names; an adoption skeleton; its group and
 * ids checked; never an overwrite, and nothing written when it refuses.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { adoptionSkeleton } from '../../src/lib/opengdd/skeleton.ts';
import { parseFindings, runCli } from '../helpers/cli.ts';
import { repoRoot, treeDigest } from '../helpers/paths.ts';
import { copyCatalog, remove } from '../helpers/site.ts';

const CV = 'ability-cooldown-1';
const temps: string[] = [];
afterAll(() => temps.forEach(remove));

let root: string;
beforeEach(() => {
  root = copyCatalog(repoRoot);
  temps.push(root);
});

const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');
const groups = () => (JSON.parse(readFileSync(path.join(repoRoot, 'catalog/groups.json'), 'utf8')) as { id: string }[]).map((g) => g.id);

describe('new <contract>-<version>', () => {
  it('makes definition.json, about.mdx, adoptions/ and an empty pack that check accepts', async () => {
    const run = await runCli(['new', CV, '--group', 'timers-and-effects', '--catalog', root]);
    expect(run.status, run.err).toBe(0);
    for (const rel of [`catalog/${CV}/definition.json`, `catalog/${CV}/about.mdx`, `packs/${CV}.pack.json`]) expect(run.out).toContain(`created ${rel}`);
    expect(statSync(path.join(root, `catalog/${CV}/adoptions`)).isDirectory()).toBe(true);

    const pack = JSON.parse(read(`packs/${CV}.pack.json`));
    expect(pack).toEqual({ contract: 'ability-cooldown', version: 1, templates: [] });
    const definition = JSON.parse(read(`catalog/${CV}/definition.json`));
    expect(definition.contract).toBe('ability-cooldown');
    expect(definition.version).toBe(1);
    expect(definition.pack).toBe('sha256:' + createHash('sha256').update(readFileSync(path.join(root, `packs/${CV}.pack.json`))).digest('hex'));
    const about = read(`catalog/${CV}/about.mdx`);
    const front = yaml.load(/^---\n([\s\S]*?)\n---/.exec(about)![1]!) as Record<string, unknown>;
    expect(front).toMatchObject({ title: 'Ability cooldown', group: 'timers-and-effects', aliases: [] });
    expect(typeof front.benefit).toBe('string');

    // A pack ahead of its first adoption is no orphan in a catalog: check is clean.
    const checked = await runCli(['check', '--catalog', root]);
    const mine = parseFindings(checked.out).filter((f) => f.file.includes(CV));
    expect(mine, checked.out).toEqual([]);
    expect(checked.status).toBe(0);
  });

  it('without --group the contract goes to the first group of groups.json, and says so', async () => {
    const run = await runCli(['new', CV, '--catalog', root]);
    expect(run.status).toBe(0);
    expect(run.out).toContain(`"${groups()[0]}"`);
    expect(read(`catalog/${CV}/about.mdx`)).toContain(`group: "${groups()[0]}"`);
  });

  it('an unknown group is a usage error listing the groups and suggesting the closest; nothing is written', async () => {
    const before = treeDigest(root);
    const run = await runCli(['new', CV, '--group', 'timers-and-effect', '--catalog', root]);
    expect(run.status).toBe(2);
    expect(run.err).toContain('did you mean `timers-and-effects`?');
    for (const id of groups()) expect(run.err).toContain(id);
    expect(treeDigest(root)).toBe(before);
  });

  it('refuses to overwrite: a second new for the same contract exits 1 and changes nothing', async () => {
    expect((await runCli(['new', CV, '--catalog', root])).status).toBe(0);
    const before = treeDigest(root);
    const again = await runCli(['new', CV, '--catalog', root]);
    expect(again.status).toBe(1);
    expect(again.err).toContain(`catalog/${CV} exists`);
    expect(treeDigest(root)).toBe(before);
    // A pack already there is not replaced either.
    const existing = await runCli(['new', 'spawn-wave-1', '--catalog', root]);
    expect(existing.status).toBe(1);
    expect(treeDigest(root)).toBe(before);
  });

  it.each([
    ['ability', /needs a version/],
    ['ability-0', /positive integer/],
    ['ability-01', /positive integer/],
    ['ability--1', /kebab-case/],
    ['Ability-1', /kebab-case/],
    ['ability_x-1', /kebab-case/],
    [`${'a'.repeat(240)}-1`, /cannot be published/],
  ])('%s is a usage error', async (id, message) => {
    const before = treeDigest(root);
    const run = await runCli(['new', id, '--catalog', root]);
    expect(run.status).toBe(2);
    expect(run.err).toMatch(message);
    expect(treeDigest(root)).toBe(before);
  });
});

describe('new <contract>-<version> <adoption>', () => {
  it("writes the engine's skeleton: the definition part copied, empty answers and values, one empty array per row set", async () => {
    const run = await runCli(['new', 'spawn-wave-1', 'harbour-raid', '--catalog', root]);
    expect(run.status, run.err).toBe(0);
    const rel = 'catalog/spawn-wave-1/adoptions/harbour-raid.json';
    const definition = JSON.parse(read('catalog/spawn-wave-1/definition.json'));
    const written = JSON.parse(read(rel));
    expect(written).toEqual(adoptionSkeleton(definition));
    expect(Object.keys(written)).toEqual(Object.keys(adoptionSkeleton(definition)));
    expect(written.rows).toEqual({ waves: [] });
    expect(read(rel).endsWith('}\n')).toBe(true);
    // Its definition part is the definition: check asks for answers and values, not for a copy.
    const checked = parseFindings((await runCli(['check', '--catalog', root])).out).filter((f) => f.file === rel);
    expect(checked.map((f) => f.code)).toContain('CONTRACT_ANSWER_MISSING');
    expect(checked.map((f) => f.code)).not.toContain('CONTRACT_DEFINITION_DIVERGENT');
    expect(checked.map((f) => f.code)).not.toContain('CONTRACT_PACK_HASH');
  });

  it('refuses an existing adoption, a missing contract and a bad adoption id', async () => {
    const before = treeDigest(root);
    const existing = await runCli(['new', 'spawn-wave-1', 'castle-siege', '--catalog', root]);
    expect(existing.status).toBe(1);
    expect(existing.err).toContain('castle-siege.json exists');
    const missing = await runCli(['new', 'spawn-wave-7', 'harbour-raid', '--catalog', root]);
    expect(missing.status).toBe(1);
    expect(missing.err).toContain('catalog/spawn-wave-7/definition.json does not exist');
    const bad = await runCli(['new', 'spawn-wave-1', 'Harbour.Raid', '--catalog', root]);
    expect(bad.status).toBe(2);
    const long = await runCli(['new', 'spawn-wave-1', 'a'.repeat(250), '--catalog', root]);
    expect(long.status).toBe(2);
    expect(long.err).toMatch(/cannot be published/);
    expect(treeDigest(root)).toBe(before);
    expect(existsSync(path.join(root, 'catalog/spawn-wave-7'))).toBe(false);
  });
});
