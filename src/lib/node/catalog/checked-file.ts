/**
 * A catalog file read again at page time, as the catalog check read it. The content store keeps a
 * file's path and the digest of its text as checked, not the text (see `adoption-file.ts` and
 * `definition-files.ts` for why); the page reads the file again and refuses any other text.
 */
import { readFileSync } from 'node:fs';
import { checkedText } from '../dev/state.ts';
import { textDigest } from './digest.ts';

/**
 * The text of `file` as the engine checked it (a leading BOM dropped, as the reader does), which
 * must still have `digest`: a file changed since the check stops the build.
 */
export function checkedFileText(file: string, digest: string): string {
  // In dev the file may have changed since this entry was stored; the check kept its text.
  const checked = checkedText(digest);
  if (checked !== undefined) return checked;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(file));
  } catch (e) {
    throw new Error(`${file} can no longer be read (${(e as NodeJS.ErrnoException).code ?? 'not UTF-8'}); it changed during the build. Build again.`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (textDigest(text) !== digest) throw new Error(`${file} changed after the catalog was checked. Build again.`);
  return text;
}
