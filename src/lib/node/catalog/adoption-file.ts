/**
 * An adoption's page data, derived from its file: the text, the parsed document, and the engine's
 * report (evaluation, every template's outcome, the tests, the Markdown).
 *
 * Why derived and not stored: Astro keeps the whole content-layer data store in memory and bundles
 * it into the build as one string, so every byte stored per adoption is held several times over,
 * thousands of times in a large catalog. The store keeps the file's path and the digest it was
 * checked at (a file changed since stops the build); the engine, pure and fast, runs again here on
 * the same bytes and gives the same report the check gave.
 */
import { analyzeAdoption, plainReport, type Adoption, type Pack } from '../../opengdd/index.ts';
import type { AdoptionEntry, DefinitionEntry } from '../content/collections.ts';
import { checkedFileText } from './checked-file.ts';
import { storable } from '../content/loaders.ts';

type StoredAdoption = AdoptionEntry['data'];
type StoredDefinition = DefinitionEntry['data'];

/** The adoption file's text as the engine checked it (a leading BOM dropped, as the reader does). */
export function adoptionText(a: Pick<StoredAdoption, 'file' | 'digest'>): string {
  return checkedFileText(a.file, a.digest);
}

/** Packs parsed from their exact text (the pages' document lost any `__proto__` member), by digest. */
const packs = new Map<string, Pack>();

function packOf(d: StoredDefinition): { file: string; document: Pack; digest: string } | undefined {
  if (!d.pack) return undefined;
  let document = packs.get(d.pack.digest);
  if (!document) packs.set(d.pack.digest, (document = JSON.parse(d.pack.raw) as Pack));
  return { file: `${d.contract}-${d.version}.pack.json`, document, digest: d.pack.digest };
}

/**
 * The engine's report of an adoption, from its file's exact text, as the catalog check made it
 * (the check's findings are stored: they are not made again).
 */
function reportOf(a: StoredAdoption, d: StoredDefinition, parsed: () => unknown) {
  const key = `${a.adoption}\0${a.file}\0${a.digest}\0${d.pack?.digest ?? ''}`;
  let report = reports.get(key);
  if (report) {
    reports.delete(key);
  } else {
    const pack = packOf(d);
    report = plainReport(analyzeAdoption({ id: a.adoption, file: a.file, document: parsed(), ...(pack ? { pack } : {}), validate: false }));
    if (reports.size >= REPORTS_KEPT) reports.delete(reports.keys().next().value!);
  }
  reports.set(key, report);
  return report;
}

/**
 * The reports last made, by adoption, file, text digest and pack digest (all they are made from),
 * the most recent last. An adoption's `tests.md` and its page both need its report; in a small
 * catalog both routes render within this many adoptions of each other and the second takes the
 * first's. A large catalog's routes come thousands of paths apart: it holds no more than this many.
 */
const reports = new Map<string, ReturnType<typeof plainReport>>();
const REPORTS_KEPT = 128;

/** The tests of an adoption as `opengdd --render-contract-tests` prints them ('' without a pack). */
export function adoptionMarkdown(a: StoredAdoption, d: StoredDefinition): string {
  return reportOf(a, d, () => JSON.parse(adoptionText(a))).markdown;
}

/** The stored adoption with its file's text and document and the engine's report of it. */
export function withAdoptionFile(a: StoredAdoption, d: StoredDefinition) {
  const raw = adoptionText(a);
  const parsed: unknown = JSON.parse(raw);
  // Without members named __proto__, as the page has always read it (see `storable`): a copy, so
  // the engine below reads the file exactly as parsed.
  const document = storable(parsed) as Adoption;
  const report = reportOf(a, d, () => parsed);
  return {
    ...a,
    raw,
    document,
    evaluation: report.evaluation,
    templates: report.templates,
    markdown: report.markdown,
  };
}
