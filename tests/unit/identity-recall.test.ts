/**
 * The dev server's re-check (src/lib/node/dev/live-catalog.ts, `AdoptionRecall.identity` in
 * catalog.ts): an adoption file the file system says is unchanged is taken from the last check
 * without being read, and the result is exactly a fresh check's; a file changed since, even at the
 * same size, or changed too recently for its time to tell, or reached through a link, is read.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recallBetween, SETTLED_MS, type Recalled } from '../../src/lib/node/catalog/catalog.ts';
import { checkCatalogFolder, type CatalogAdoption } from '../../src/lib/node/catalog/source.ts';
import { repoRoot } from '../helpers/paths.ts';

let dir = '';
let catalog = '';
/** An hour ago: every copied file is long settled. */
const PAST = new Date(Date.now() - 3_600_000);

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'opengdd-identity-'));
  catalog = path.join(dir, 'catalog-folder');
  cpSync(path.join(repoRoot, 'catalog'), path.join(catalog, 'catalog'), { recursive: true });
  cpSync(path.join(repoRoot, 'packs'), path.join(catalog, 'packs'), { recursive: true });
  for (const f of adoptionFiles()) utimesSync(path.join(catalog, f), PAST, PAST);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The adoption files of the catalog copy, relative to it. */
function adoptionFiles(): string[] {
  return readdirSync(path.join(catalog, 'catalog'), { recursive: true })
    .map(String)
    .filter((f) => f.includes(`adoptions${path.sep}`) && f.endsWith('.json'))
    .map((f) => path.join('catalog', f));
}

type Checks = Map<string, Recalled<CatalogAdoption>>;

/** A re-check as the dev server makes it, from the last one's maps; counts files recalled by identity. */
async function recheck(last: { checks: Checks; identities: Checks }, startedAt = Date.now()) {
  const checks: Checks = new Map();
  const identities: Checks = new Map();
  const recall = recallBetween(last.checks, checks, { before: last.identities, next: identities, startedAt });
  let unread = 0;
  const counting = {
    ...recall,
    identity: {
      get: (key: string) => {
        const found = recall.identity!.get(key);
        if (found) unread += 1;
        return found;
      },
      set: recall.identity!.set,
    },
  };
  const check = await checkCatalogFolder(catalog, { recall: counting, texts: true });
  return { check, unread, next: { checks, identities } };
}

/** A fresh check, as the dev server's remembering ones must read. */
const fresh = () => checkCatalogFolder(catalog, { texts: true });

describe("the dev server's re-check", () => {
  it('takes every unchanged file without reading it, and gives what a fresh check gives', async () => {
    const first = await recheck({ checks: new Map(), identities: new Map() });
    expect(first.unread).toBe(0);
    const second = await recheck(first.next);
    expect(second.unread).toBe(adoptionFiles().length);
    expect(second.check).toEqual(await fresh());
  });

  it('reads a file changed since, even at the same size, and one changed too recently to tell', async () => {
    const first = await recheck({ checks: new Map(), identities: new Map() });
    const [one] = adoptionFiles();
    const full = path.join(catalog, one!);
    const text = readFileSync(full, 'utf8');
    // The same length, another meaning: an answer's value turned into one the question does not offer.
    const changed = text.replace(/("answers": \{\s*"[^"]+": ")([a-z])/, (_m, head: string, c: string) => `${head}${c === 'z' ? 'y' : 'z'}`);
    expect(changed).not.toBe(text);
    expect(changed.length).toBe(text.length);
    writeFileSync(full, changed);
    const second = await recheck(first.next);
    expect(second.unread).toBe(adoptionFiles().length - 1);
    expect(second.check).toEqual(await fresh());
    expect(second.check.diagnostics.some((d) => d.file === one!.split(path.sep).join('/'))).toBe(true);

    // Written just now: its identity is not kept, so the next re-check reads it again.
    const third = await recheck(second.next);
    expect(third.unread).toBe(adoptionFiles().length - 1);
    // Once it has settled, the check that reads it keeps its identity, and the next one does not read it.
    const settled = Date.now() + SETTLED_MS + 1000;
    const fourth = await recheck(third.next, settled);
    expect(fourth.unread).toBe(adoptionFiles().length - 1);
    const fifth = await recheck(fourth.next, settled);
    expect(fifth.unread).toBe(adoptionFiles().length);
    expect(fifth.check).toEqual(await fresh());
  });

  it('reads every file of an adoptions folder moved outside the catalog and linked from its place', async () => {
    const first = await recheck({ checks: new Map(), identities: new Map() });
    // The same files (inode, size, times) at the same paths, now through a link.
    const folder = path.join(catalog, path.dirname(adoptionFiles()[0]!));
    const moved = readdirSync(folder).length;
    const outside = path.join(dir, 'elsewhere');
    mkdirSync(outside);
    renameSync(folder, path.join(outside, 'adoptions'));
    symlinkSync(path.join(outside, 'adoptions'), folder);
    const second = await recheck(first.next);
    expect(second.check).toEqual(await fresh());
    expect(second.check.diagnostics.some((d) => d.code === 'CATALOG_LAYOUT' && /outside the catalog folder/.test(d.message))).toBe(true);
    expect(second.unread).toBe(adoptionFiles().length - moved);
  });
});
