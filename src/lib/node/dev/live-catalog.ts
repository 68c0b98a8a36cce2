/**
 * The catalog as `astro dev` follows it. The site's integration watches the catalog folder and,
 * when something under `catalog/` or `packs/` changes, asks the content layer to run the catalog
 * loaders again (Astro's `refreshContent`), naming the change; the three loaders then share one
 * re-check of the folder (see {@link checkFor}) and each updates its store.
 *
 * A re-check reads the whole folder again (cheap: files are small and few) but analyses only what
 * changed or depends on a change: adoption analyses are remembered by their input (the adoption's
 * document, its file name and the pack it is run against), so an edited adoption is analysed again,
 * an edited pack re-analyses the adoptions citing it, and an edited definition is validated again
 * with every adoption's identity against it (cheap comparisons), while the rest is reused.
 *
 * Findings never stop the dev server: the findings of a check with errors are printed once (until
 * they change), the store keeps the last clean catalog, and every page shows the findings (see
 * `dev/faults.ts`) until a check comes back clean.
 */
import type { LoaderContext } from 'astro/loaders';
import { analyzeAdoption, type AdoptionReport } from '../../opengdd/analyze.ts';
import { formatDiagnostic } from '../../opengdd/index.ts';
import { checkCatalogFolder, findingsText, type CatalogCheck } from '../catalog/source.ts';
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
  /** Adoption analyses of the latest check, by input. */
  analyses: Map<string, AdoptionReport>;
}

const DEV_HINT =
  'Every page shows these findings until the catalog checks clean again; fix the files and the pages follow.';

/**
 * Followed catalogs by folder, on `globalThis`: Astro loads the content config again when it
 * changes, and the remembered analyses and printed findings must survive that.
 */
const followed: Map<string, Followed> = ((globalThis as Record<symbol, Map<string, Followed>>)[Symbol.for('opengdd-catalog.followed')] ??=
  new Map());

function followedAt(dir: string): Followed {
  let f = followed.get(dir);
  if (!f) followed.set(dir, (f = { dir, generation: 0, analyses: new Map() }));
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
  const analyses = new Map<string, AdoptionReport>();
  const check = await checkCatalogFolder(f.dir, { analyze: remembered(f.analyses, analyses), texts: true });
  // Only this check's analyses are kept: the inputs of files since changed or removed go.
  f.analyses = analyses;
  devState().faults = check.errors;
  report(f, check, logger);
  return { generation: ++f.generation, check };
}

/** `analyzeAdoption`, answering from `previous` for an input analysed before. */
function remembered(previous: Map<string, AdoptionReport>, next: Map<string, AdoptionReport>): typeof analyzeAdoption {
  return (input) => {
    // The analysis is pure: the same document, file name, pack and options give the same report.
    const key = JSON.stringify([input.id, input.file, input.pack?.file, input.pack?.digest, input.validate]) + JSON.stringify(input.document);
    const report = previous.get(key) ?? next.get(key) ?? analyzeAdoption(input);
    next.set(key, report);
    return report;
  };
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
