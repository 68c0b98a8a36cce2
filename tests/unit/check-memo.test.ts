/**
 * The catalog check of an unchanged adoption file, kept between builds
 * (src/lib/node/incremental/check-memo.ts, `LoadOptions.recall` in catalog.ts): a load that
 * remembers gives exactly what a fresh load gives, and checks again every file whose key changed.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rememberedChecks } from '../../src/lib/node/incremental/check-memo.ts';
import { checkCatalogFolder, type CatalogAdoption } from '../../src/lib/node/catalog/source.ts';
import { repoRoot } from '../helpers/paths.ts';

let dir = '';
let catalog = '';
let file = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'opengdd-checks-'));
  catalog = path.join(dir, 'catalog-folder');
  cpSync(path.join(repoRoot, 'catalog'), path.join(catalog, 'catalog'), { recursive: true });
  cpSync(path.join(repoRoot, 'packs'), path.join(catalog, 'packs'), { recursive: true });
  file = path.join(dir, 'checks.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A check that remembers through `file`, counting the files it took from there. */
async function rememberingCheck() {
  const memo = rememberedChecks<CatalogAdoption>(file);
  let recalled = 0;
  const check = await checkCatalogFolder(catalog, {
    recall: {
      get: (key) => {
        const kept = memo.get(key);
        if (kept) recalled += 1;
        return kept;
      },
      set: (key, findings, kept) => memo.set(key, findings, kept),
    },
  });
  memo.save();
  return { check, recalled };
}

/** The adoption files of the catalog copy, relative to it. */
function adoptionFiles(): string[] {
  return readdirSync(path.join(catalog, 'catalog'), { recursive: true })
    .map(String)
    .filter((f) => f.includes(`adoptions${path.sep}`) && f.endsWith('.json'))
    .map((f) => path.join('catalog', f));
}

/** Rewrites a file of the catalog copy. */
function edit(rel: string, change: (text: string) => string): void {
  const full = path.join(catalog, rel);
  writeFileSync(full, change(readFileSync(full, 'utf8')));
}

describe('checks kept between builds', () => {
  it('give what a fresh check gives, findings placed, and recall every unchanged file', async () => {
    // Findings to keep: a repeated key and a definition part that differs from definition.json.
    const [a, b] = adoptionFiles();
    edit(a!, (t) => t.replace('{', '{\n  "annotations": {},\n  "annotations": {},'));
    edit(b!, (t) => t.replace(/"summary": "/, '"summary": "Changed. '));
    const fresh = await checkCatalogFolder(catalog);
    expect(fresh.diagnostics.filter((d) => d.line !== undefined).length).toBeGreaterThanOrEqual(2);

    const first = await rememberingCheck();
    expect(first.recalled).toBe(0);
    expect(first.check).toEqual(fresh);
    const second = await rememberingCheck();
    expect(second.recalled).toBe(adoptionFiles().length);
    expect(second.check).toEqual(fresh);
  });

  it('check again an edited adoption, and every adoption of an edited definition or pack', async () => {
    await rememberingCheck();
    const all = adoptionFiles();
    const [one] = all;
    edit(one!, (t) => t.replace(/"answers": \{/, '"answers": {\n    "not-a-question": "x",'));
    const afterAdoption = await rememberingCheck();
    expect(afterAdoption.recalled).toBe(all.length - 1);
    expect(afterAdoption.check).toEqual(await checkCatalogFolder(catalog));
    expect(afterAdoption.check.diagnostics.some((d) => d.file === one!.split(path.sep).join('/') && d.pointer.startsWith('/answers'))).toBe(true);

    const folder = one!.split(path.sep)[1]!;
    const inFolder = all.filter((f) => f.split(path.sep)[1] === folder).length;
    edit(path.join('catalog', folder, 'definition.json'), (t) => t.replace(/"summary": "/, '"summary": "Edited. '));
    const afterDefinition = await rememberingCheck();
    expect(afterDefinition.recalled).toBe(all.length - inFolder);
    expect(afterDefinition.check).toEqual(await checkCatalogFolder(catalog));

    const pack = readdirSync(path.join(catalog, 'packs'))[0]!;
    const packFolder = pack.replace(/\.pack\.json$/, '');
    const ofPack = all.filter((f) => f.split(path.sep)[1] === packFolder).length;
    expect(ofPack).toBeGreaterThan(0);
    await rememberingCheck();
    edit(path.join('packs', pack), (t) => `${t}\n`);
    const afterPack = await rememberingCheck();
    expect(afterPack.recalled).toBe(all.length - ofPack);
    expect(afterPack.check).toEqual(await checkCatalogFolder(catalog));
  });

  it("are not taken from another checker's file, nor from a damaged one", async () => {
    await rememberingCheck();
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { code: string };
    writeFileSync(file, JSON.stringify({ ...stored, code: 'another checker' }));
    expect((await rememberingCheck()).recalled).toBe(0);
    writeFileSync(file, '{"code":');
    expect((await rememberingCheck()).recalled).toBe(0);
    expect((await rememberingCheck()).recalled).toBe(adoptionFiles().length);
  });
});
