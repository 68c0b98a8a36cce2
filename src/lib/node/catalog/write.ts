/**
 * The one way the authoring commands write into a catalog: whole files, atomically. The text goes
 * to a temporary file beside the target (its name starts with a dot, so a catalog reader ignores
 * it should it ever be left behind), which is then renamed over the target: a reader, a dev server
 * or a crash sees the old file or the new one, never half of one.
 */
import { randomBytes } from 'node:crypto';
import { link, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `text` to `file` atomically. A symbolic link is written through (its target changes, the
 * link stays); an existing file keeps its permissions. With `exclusive`, refuses (EEXIST) when the
 * file exists.
 */
export async function writeFileAtomic(file: string, text: string, { exclusive = false } = {}): Promise<void> {
  const target = await realpath(file).catch(() => file);
  const existing = await stat(target).catch(() => undefined);
  if (exclusive && existing) throw Object.assign(new Error(`${file} exists`), { code: 'EEXIST' });
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temp, text, { flag: 'wx', mode: existing ? existing.mode & 0o777 : 0o644 });
    // A hard link fails when the target exists, so an exclusive write never replaces a file that
    // appeared after the check above.
    if (exclusive) await link(temp, target);
    else await rename(temp, target);
  } catch (e) {
    await unlink(temp).catch(() => {});
    throw e;
  }
  if (exclusive) await unlink(temp).catch(() => {});
}
