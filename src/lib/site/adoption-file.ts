/**
 * What an adoption's pages need beyond its stored entry: the file's text and parsed document, the
 * pack templates of its outcomes, and its tests as Markdown.
 *
 * Why these are not in the stored entry: Astro keeps the whole content-layer data store in memory
 * and bundles it into the build as one string, so every byte stored per adoption is held several
 * times over (in the store, in the bundler, in the prerender). The file's text, its parsed document,
 * a copy of every pack template and the Markdown were four fifths of an adoption's entry and are
 * all derivable: the text is on disk (its digest is stored, so a file that changed after the check
 * stops the build), the document is that text parsed, the templates are the definition's pack, and
 * the Markdown is the stored tests rendered by the engine (stored only in the rare case it differs,
 * see `loaders.ts`). A catalog of 7 500 adoptions built within half the memory for it.
 */
import { readFileSync } from 'node:fs';
import type { Adoption, GeneratedTest, Template } from '../opengdd/index.ts';
import { renderTestsMarkdown } from '../opengdd/render.ts';
import type { AdoptionEntry, DefinitionEntry } from './catalog.ts';
import { storable, textDigest } from './loaders.ts';

type StoredAdoption = AdoptionEntry['data'];

/** The adoption file's text as the engine checked it (a leading BOM dropped, as the reader does). */
export function adoptionText(a: Pick<StoredAdoption, 'file' | 'digest'>): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(a.file));
  } catch (e) {
    throw new Error(`${a.file} can no longer be read (${(e as NodeJS.ErrnoException).code ?? 'not UTF-8'}); it changed during the build. Build again.`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (textDigest(text) !== a.digest) throw new Error(`${a.file} changed after the catalog was checked. Build again.`);
  return text;
}

/** The tests of an adoption as `opengdd --render-contract-tests` prints them ('' without a pack). */
export function adoptionMarkdown(a: Pick<StoredAdoption, 'markdown' | 'templates'>): string {
  return a.markdown ?? renderTestsMarkdown([a.templates.flatMap((t) => t.tests as GeneratedTest[])]);
}

/** The stored adoption with its file's text and document, its outcomes' templates and its Markdown. */
export function withAdoptionFile(a: StoredAdoption, d: DefinitionEntry['data']) {
  const raw = adoptionText(a);
  const templates = new Map<string, Template>((d.pack?.document.templates ?? []).map((t) => [t.id, t]));
  return {
    ...a,
    raw,
    // As the loader stored it before: parsed, without members named __proto__ (see `storable`).
    document: storable(JSON.parse(raw)) as Adoption,
    templates: a.templates.map(({ templateId, ...outcome }) => {
      const template = templates.get(templateId);
      if (!template) throw new Error(`The pack of ${d.contract}-${d.version} has no template "${templateId}".`);
      return { ...outcome, template };
    }),
    markdown: adoptionMarkdown(a),
  };
}
