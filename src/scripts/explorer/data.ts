/**
 * The explorer's data. A page embeds only what is its own (the supplied answers, values, rows and
 * inputs); the definition and the pack, which every page of a contract version shares and which
 * make up most of the data, are the published files beside the definition page, fetched once when
 * the island starts and cached by the browser from page to page.
 */
import type { Definition, Pack } from '../../lib/opengdd/types.ts';
import type { PageKind } from '../../lib/site/model/words.ts';

/** What the explorer works on: the page's own state (embedded) with the definition and pack (fetched). */
export interface ExplorerData {
  page: PageKind;
  /** `<contract>-<version>`. */
  cv: string;
  /** The adoption id (the stand-in on a contract page). */
  adoption: string;
  /** The definition part, as in `definition.json`. */
  definition: Definition;
  /** The pack, when one is published. */
  pack: { contract: string; version: number; templates: unknown[] } | null;
  /** `sha256:…` of the pack file, for checking a copied adoption. */
  packDigest: string | null;
  /** The answers, values and rows the adoption supplies (empty on a contract page). */
  supplied: { answers: Record<string, string>; values: Record<string, number | string>; rows: Record<string, Record<string, unknown>[]> };
  /** The adoption's verification inputs. */
  verification: Record<string, unknown>;
}

/** The data a page embeds for its explorer (`<script type="application/json">`). */
export interface EmbeddedExplorerData extends Omit<ExplorerData, 'definition' | 'pack'> {
  /** `<cv>.definition.json`, byte-identical to the catalog's `definition.json`. */
  definitionUrl: string;
  /** `<cv>.pack.json`, or null when no pack is published. */
  packUrl: string | null;
}

/** Fetches the text of a same-site file; a failed response is an error naming the file. */
async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

/** The embedded data completed with the definition and the pack it names. */
export async function loadExplorerData(
  embedded: EmbeddedExplorerData,
  read: (url: string) => Promise<string> = fetchText,
): Promise<ExplorerData> {
  const { definitionUrl, packUrl, ...own } = embedded;
  const [definition, pack] = await Promise.all([
    read(definitionUrl).then((text) => JSON.parse(text) as Definition),
    packUrl ? read(packUrl).then((text) => JSON.parse(text) as Pack) : null,
  ]);
  return { ...own, definition, pack: pack as ExplorerData['pack'] };
}
