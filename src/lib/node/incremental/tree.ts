/** Walking and pruning a folder of files by relative, `/`-separated paths. */
import { existsSync, readdirSync, rmdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Calls `visit` with every file under `dir` (relative, `/`-separated; `.git` aside) until it returns
 * false; with `from`, only in that folder of `dir`; with `skip`, not in that one.
 */
export function walkFiles(dir: string, visit: (file: string, st: { size: number; mtimeMs: number }) => boolean, only: { from?: string; skip?: string } = {}): void {
  const start = only.from ?? '';
  if (!existsSync(path.join(dir, start))) return;
  const walk = (rel: string): boolean => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const name = rel ? `${rel}/${e.name}` : e.name;
      if (name === '.git' || name === only.skip) continue;
      if (e.isDirectory()) {
        if (!walk(name)) return false;
      } else if (!visit(name, statSync(path.join(dir, name)))) return false;
    }
    return true;
  };
  walk(start);
}

/**
 * Removes `files` (relative to `dir`, `/`-separated), then each of their folders left empty, up to
 * `dir` (not `dir` itself): only the folders the files were in are looked at, not the whole tree.
 */
export function removeFiles(dir: string, files: readonly string[]): void {
  const folders = new Set<string>();
  for (const file of files) {
    rmSync(path.join(dir, file), { force: true });
    for (let f = path.posix.dirname(file); f !== '.'; f = path.posix.dirname(f)) folders.add(f);
  }
  // Deepest first, so a folder's emptied subfolders are gone before it is looked at.
  for (const folder of [...folders].sort((a, b) => b.split('/').length - a.split('/').length)) {
    const full = path.join(dir, folder);
    if (existsSync(full) && readdirSync(full).length === 0) rmdirSync(full);
  }
}
