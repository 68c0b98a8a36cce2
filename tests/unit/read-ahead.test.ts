/**
 * Catalog files read a few ahead of the check (src/lib/node/catalog/read.ts, `readTexts`): the
 * outcomes, and so the findings, come in the order the files were given, whatever order the reads
 * finish in.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTexts } from '../../src/lib/node/catalog/read.ts';
import { loadCatalog } from '../../src/lib/node/catalog/catalog.ts';
import { repoRoot } from '../helpers/paths.ts';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'opengdd-read-ahead-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('readTexts', () => {
  it('yields every file in the order given, each with the findings of its own reading', async () => {
    const inside = path.join(dir, 'inside');
    mkdirSync(inside);
    const names: string[] = [];
    for (let i = 0; i < 40; i++) {
      const name = `f${String(i).padStart(2, '0')}.json`;
      names.push(name);
      // A large file first, small ones after: the first read finishes last.
      if (i === 3) writeFileSync(path.join(inside, name), Buffer.from([0x7b, 0xff, 0x7d]));
      else if (i === 7) symlinkSync('/etc/hostname', path.join(inside, name));
      else if (i !== 11) writeFileSync(path.join(inside, name), i === 0 ? `"${'x'.repeat(1_500_000)}"` : `{"n": ${i}}`);
    }
    const seen: { file: string | undefined; text: string | undefined; codes: string[] }[] = [];
    for await (const { file, found } of readTexts(
      names.map((n) => ({ path: path.join(inside, n), display: n })),
      inside,
      4,
    )) {
      seen.push({ file: found[0]?.file, text: file?.text, codes: found.map((d) => d.code) });
    }
    expect(seen).toHaveLength(40);
    expect(seen[0]!.text).toHaveLength(1_500_002);
    for (let i = 1; i < 40; i++) {
      if (seen[i]!.codes.length) expect(seen[i]!.file).toBe(names[i]);
      else expect(JSON.parse(seen[i]!.text!)).toEqual({ n: i });
    }
    expect(seen[3]!.codes).toEqual(['CATALOG_ENCODING']);
    expect(seen[7]!.codes).toEqual(['CATALOG_LAYOUT']);
    expect(seen[11]!.codes).toEqual(['CATALOG_LAYOUT']);
    expect(seen.filter((s) => s.codes.length)).toHaveLength(3);
  });

  it('reads a file listed as regular without following its place, and refuses a link put there since', async () => {
    const inside = path.join(dir, 'inside');
    mkdirSync(inside);
    const outside = path.join(dir, 'outside.json');
    writeFileSync(outside, '{"secret": true}');
    writeFileSync(path.join(inside, 'a.json'), '{"n": 1}');
    // Listed as a regular file, then replaced by a link leading out of the folder.
    symlinkSync(outside, path.join(inside, 'b.json'));
    const seen: { text: string | undefined; found: string[] }[] = [];
    for await (const { file, found } of readTexts(
      ['a.json', 'b.json'].map((n) => ({ path: path.join(inside, n), display: n, regular: true })),
      inside,
    )) {
      seen.push({ text: file?.text, found: found.map((d) => `${d.code} ${d.message}`) });
    }
    expect(seen[0]).toEqual({ text: '{"n": 1}', found: [] });
    expect(seen[1]!.text).toBeUndefined();
    expect(seen[1]!.found).toEqual([expect.stringMatching(/^CATALOG_LAYOUT The file cannot be read \(ELOOP\)/)]);
  });

  it('yields nothing for no files', async () => {
    const all = [];
    for await (const one of readTexts([])) all.push(one);
    expect(all).toEqual([]);
  });
});

describe('the catalog check reads adoptions ahead', () => {
  it('and reports them in file-name order, broken files where they sit among the rest', async () => {
    cpSync(path.join(repoRoot, 'catalog'), path.join(dir, 'catalog'), { recursive: true });
    cpSync(path.join(repoRoot, 'packs'), path.join(dir, 'packs'), { recursive: true });
    const folder = readdirSync(path.join(dir, 'catalog')).find((f) => f !== 'groups.json')!;
    const adoptions = path.join(dir, 'catalog', folder, 'adoptions');
    const source = readFileSync(path.join(adoptions, readdirSync(adoptions)[0]!));
    // More files than are read at once, a broken one now and then.
    const broken = new Map<string, string>();
    for (let i = 0; i < 45; i++) {
      const id = `clone-${String(i).padStart(2, '0')}`;
      if (i % 9 === 4) {
        writeFileSync(path.join(adoptions, `${id}.json`), Buffer.from([0xfe, 0xff]));
        broken.set(`catalog/${folder}/adoptions/${id}.json`, 'CATALOG_ENCODING');
      } else if (i % 9 === 8) {
        writeFileSync(path.join(adoptions, `${id}.json`), '{"contract": ');
        broken.set(`catalog/${folder}/adoptions/${id}.json`, 'CONTRACT_INSTANCE_JSON');
      } else writeFileSync(path.join(adoptions, `${id}.json`), source);
    }
    const { diagnostics, model } = await loadCatalog(dir);
    const inFolder = diagnostics.filter((d) => d.file.startsWith(`catalog/${folder}/adoptions/`));
    expect(inFolder.map((d) => [d.file, d.code])).toEqual([...broken]);
    const checked = model.definitions.find((d) => d.id === folder)!.adoptions.map((a) => path.basename(a.file));
    expect(checked.filter((f) => f.startsWith('clone-'))).toHaveLength(45 - broken.size);
  });
});
