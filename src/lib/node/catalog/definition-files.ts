/**
 * A definition entry's documents, read from its files: `definition.json` and its pack, text and
 * document.
 *
 * Why read and not stored: Astro serialises the whole content-layer data store (devalue, a node per
 * JSON value), writes it, bundles it into the build as one string and parses it again before the
 * pages render. The definitions' and packs' texts and documents were nearly all of the corpus's
 * 3 MB store, serialised and parsed twice each per build. The store keeps each file's path and the
 * digest of its text as checked (see `checked-file.ts`: a file changed since stops the build); each
 * file is read and parsed here once per build.
 */
import type { CollectionEntry } from 'astro:content';
import type { Definition, Pack } from '../../opengdd/index.ts';
import { checkedFileText } from './checked-file.ts';
import { storable } from '../content/loaders.ts';

type Stored = CollectionEntry<'definitions'>['data'];
type StoredPack = NonNullable<Stored['pack']>;

/** What a definition entry's files add to its stored data. */
export interface DefinitionFiles {
  /** The definition document (without members named `__proto__`, see `storable`). */
  definition: Definition;
  /** Exact text of `definition.json` (downloads are byte-identical). */
  raw: string;
  /** The pack, with its exact text and its document (as the definition's). */
  pack: (StoredPack & { raw: string; document: Pack }) | null;
}

/** A definition entry's data, with its files. */
export type DefinitionData = Omit<Stored, 'pack'> & DefinitionFiles;

/** Texts and documents read, by the digest of the text (so an edited file in dev is read anew). */
const read = new Map<string, { raw: string; document: unknown }>();

/** A bound on {@link read} for the dev server, whose files change: far above any catalog's definitions. */
const MAX_READ = 1024;

function readChecked(file: string, digest: string): { raw: string; document: unknown } {
  let found = read.get(digest);
  if (!found) {
    if (read.size >= MAX_READ) read.clear();
    const raw = checkedFileText(file, digest);
    read.set(digest, (found = { raw, document: storable(JSON.parse(raw) as unknown) }));
  }
  return found;
}

/** The stored data of a definition entry with its files' texts and documents. */
export function withDefinitionFiles(data: Stored): DefinitionData {
  const definition = readChecked(data.file, data.digest);
  const pack = data.pack && readChecked(data.pack.file, data.pack.textDigest);
  return {
    ...data,
    definition: definition.document as Definition,
    raw: definition.raw,
    pack: data.pack && pack ? { ...data.pack, raw: pack.raw, document: pack.document as Pack } : null,
  };
}
