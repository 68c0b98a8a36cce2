/**
 * `sha256:<hex>` digests (§10.8), in a file of their own: the content loaders take them too, and
 * whatever they import Vite transforms before every content sync (see `content.config.ts`), so this
 * imports nothing of the engine.
 */
import { createHash } from 'node:crypto';

/** `sha256:<hex>` of exact bytes (§10.8). */
export function sha256Digest(bytes: Uint8Array): string {
  return 'sha256:' + createHash('sha256').update(bytes).digest('hex');
}

/** `sha256:<hex>` of a text's UTF-8 bytes. */
export function textDigest(text: string): string {
  return 'sha256:' + createHash('sha256').update(text, 'utf8').digest('hex');
}
