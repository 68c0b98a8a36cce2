/**
 * The catalog as `astro dev` follows it. The site's integration watches the catalog folder and,
 * when something under `catalog/` or `packs/` changes, asks the content layer to run the catalog
 * loaders again (Astro's `refreshContent`), naming the change; the three loaders then share one
 * re-check of the folder (see {@link checkFor}) and each updates its store.
 *
 * A re-check lists the whole folder again but checks only what changed or depends on a change: the
 * check of each adoption file is remembered by its key (the file's place and text, its folder's
 * definition.json and the pack it is checked against, see `LoadOptions.recall` in `catalog.ts`), so
 * an edited adoption is checked again, and so is every adoption of an edited definition or pack,
 * while the rest is taken as it was, neither parsed nor analysed. An adoption file the file system
 * says is unchanged (same inode, size and times, settled a few seconds before the last check) is
 * not even read.
 *
 * Findings never stop the dev server: the findings of a check with errors are printed once (until
 * they change), the store keeps the last clean catalog, and every page shows the findings (see
 * `dev/faults.ts`) until a check comes back clean.
 */
import type { LoaderContext } from 'astro/loaders';
import { formatDiagnostic } from '../../opengdd/index.ts';
import { recallBetween, type Recalled } from '../catalog/catalog.ts';
import { checkCatalogFolder, findingsText, type CatalogAdoption, type CatalogCheck } from '../catalog/source.ts';
import { devState } from './state.ts';

/** One check of the followed catalog, numbered in the order checks ran. */
export interface FollowedCheck {
  generation: number;
  check: CatalogCheck;
}

type Logger = LoaderContext['logger'];

interface Followed {
  dir: string;
  /** The latest check started (and maybe finished). */
  latest?: Promise<FollowedCheck>;
  /** The change the latest check was made for. */
  change?: unknown;
  generation: number;
  /** The findings last printed, so that an unchanged fault is printed once. */
  printed?: string;
  /** The adoption checks of the latest check, by key. */
  checks: Map<string, Recalled<CatalogAdoption>>;
  /** The same checks by the identity of the file (see `AdoptionRecall.identity`). */
  identities: Map<string, Recalled<CatalogAdoption>>;
}

const DEV_HINT =
  'Every page shows these findings until the catalog checks clean again; fix the files and the pages follow.';

/**
 * Followed catalogs by folder, on `globalThis`: Astro loads the content config again when it
 * changes, and the remembered checks and printed findings must survive that.
 */
const followed: Map<string, Followed> = ((globalThis as Record<symbol, Map<string, Followed>>)[Symbol.for('opengdd-catalog.followed')] ??=
  new Map());

function followedAt(dir: string): Followed {
  let f = followed.get(dir);
  if (!f) followed.set(dir, (f = { dir, generation: 0, checks: new Map(), identities: new Map() }));
  return f;
}

/**
 * The check of `dir` for the content refresh named `change` (the integration numbers them), shared
 * by every loader of that refresh; without one (the dev server's first sync, or a sync after the
 * content config changed) the latest check, or a first one.
 */
export function checkFor(dir: string, logger: Logger, change?: unknown): Promise<FollowedCheck> {
  const f = followedAt(dir);
  if (f.latest && (change === undefined || change === f.change)) return f.latest;
  f.change = change;
  // One check at a time: a refresh queued behind another starts when that one is done.
  const previous = f.latest?.catch(() => undefined) ?? Promise.resolve();
  return (f.latest = previous.then(() => run(f, logger)));
}

async function run(f: Followed, logger: Logger): Promise<FollowedCheck> {
  const checks = new Map<string, Recalled<CatalogAdoption>>();
  const identities = new Map<string, Recalled<CatalogAdoption>>();
  const recall = recallBetween(f.checks, checks, { before: f.identities, next: identities, startedAt: Date.now() });
  const check = await checkCatalogFolder(f.dir, { recall, texts: true });
  // Only this check's are kept: the checks of files since changed or removed go.
  f.checks = checks;
  f.identities = identities;
  devState().faults = check.errors;
  report(f, check, logger);
  return { generation: ++f.generation, check };
}

/** Prints the findings when they differ from the ones printed last, then what was checked. */
function report(f: Followed, check: CatalogCheck, logger: Logger): void {
  const printed = check.diagnostics.map(formatDiagnostic).join('\n');
  if (printed !== f.printed) {
    f.printed = printed;
    if (check.errors.length) logger.error(`${findingsText(check.errors)}\n${DEV_HINT}`);
    for (const d of check.diagnostics) if (d.severity !== 'error') logger.warn(formatDiagnostic(d));
  }
  logger.info(check.summary);
}
