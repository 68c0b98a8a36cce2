/**
 * The build's catalog load, in this process: `readVerifiedCatalog` is what the site's content
 * loaders call (src/lib/node/content/loaders.ts), and what it rejects with is what `astro build` prints
 * before it stops. A test of a planted fault that a build would prove nothing more about runs this
 * instead of a build; tests/hardening/build.test.ts checks with real builds that the two agree.
 */
import { readVerifiedCatalog } from '../../src/lib/node/catalog/source.ts';

/** What one load did. */
export interface CatalogLoad {
  /** The load rejected: the build stops at its content sync. */
  stops: boolean;
  /** The text of the rejection (the finding lines the build prints); '' when it did not reject. */
  printed: string;
  /** The rejection's stack ('' or undefined when it carries none). */
  stack: string | undefined;
  /** The rejection's name (Astro prints it in brackets before the text). */
  name: string | undefined;
  /** The hint of an Astro error (printed after the text). */
  hint: string | undefined;
  /** Warnings the load reported (the build logs them and goes on). */
  warnings: string[];
}

/** Loads and verifies the catalog folder at `root` as the build does. */
export async function catalogLoad(root: string): Promise<CatalogLoad> {
  const warnings: string[] = [];
  try {
    await readVerifiedCatalog(root, { warn: (m) => warnings.push(m) });
    return { stops: false, printed: '', stack: undefined, name: undefined, hint: undefined, warnings };
  } catch (e) {
    const error = e as Error & { hint?: string };
    return { stops: true, printed: String(error.message), stack: error.stack, name: error.name, hint: error.hint, warnings };
  }
}
