/**
 * Addresses across a contract's versions: the version-free addresses that lead to the newest
 * version (`/contracts/<contract>/`, `/contracts/<contract>/<adoption>/`), and where the version
 * switcher sends a reader from a page of one version to another. Pure (pages, catalog.json and
 * tests share it).
 */

/** What these helpers need of a definition version. */
export interface VersionedDefinition {
  /** `<contract>-<version>`. */
  id: string;
  contract: string;
  version: number;
  /** Its adoptions' ids. */
  adoptions: readonly string[];
}

/** A version-free address and the definition version it leads to. */
export interface LatestRoute {
  /** Under `/contracts/`: `container` or `container/backpack`. */
  path: string;
  contract: string;
  adoption?: string;
  /** The definition version it leads to: the newest (for an adoption, the newest that has it). */
  target: string;
}

/** A version-free address not written because a definition version's page is there. */
export interface LatestClash {
  path: string;
  contract: string;
  /** The definition whose page holds the address (`foo-2` is contract `foo`, version 2). */
  page: string;
}

/**
 * The version-free addresses of a catalog. A contract id is kebab-case (§10.2), so a contract
 * named `foo-2` has the address `/contracts/foo-2/` that is also the page of `foo`, version 2:
 * the definition's page takes precedence, and the version-free address (with its adoptions'
 * addresses) is reported as a clash instead of written.
 */
export function latestRoutes(definitions: readonly VersionedDefinition[]): { routes: LatestRoute[]; clashes: LatestClash[] } {
  const pages = new Set(definitions.map((d) => d.id));
  const byContract = new Map<string, VersionedDefinition[]>();
  for (const d of definitions) byContract.set(d.contract, [...(byContract.get(d.contract) ?? []), d]);
  const routes: LatestRoute[] = [];
  const clashes: LatestClash[] = [];
  for (const [contract, versions] of [...byContract].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (pages.has(contract)) {
      clashes.push({ path: contract, contract, page: contract });
      continue;
    }
    const newestFirst = [...versions].sort((a, b) => b.version - a.version);
    routes.push({ path: contract, contract, target: newestFirst[0]!.id });
    // Each adoption leads to the first version, newest first, that has it: a map filled oldest
    // first keeps the newest. (A search per adoption was quadratic in a contract's adoptions, and
    // the version switcher asked on every page.)
    const targetOf = new Map<string, string>();
    for (const v of [...newestFirst].reverse()) for (const adoption of v.adoptions) targetOf.set(adoption, v.id);
    for (const adoption of [...targetOf.keys()].sort()) {
      routes.push({ path: `${contract}/${adoption}`, contract, adoption, target: targetOf.get(adoption)! });
    }
  }
  return { routes, clashes };
}

/** One version in the switcher. */
export interface SwitchTarget {
  version: number;
  /** The definition version. */
  id: string;
  /** The page it leads to: the same adoption in that version, else that version's contract page. */
  kind: 'adoption' | 'contract';
  current: boolean;
  newest: boolean;
}

/**
 * The versions of `current`'s contract, oldest first, each with the page the switcher leads to
 * from `current` (an adoption page when `adoption` is given).
 */
export function switchTargets(definitions: readonly VersionedDefinition[], current: string, adoption?: string): SwitchTarget[] {
  const here = definitions.find((d) => d.id === current);
  if (!here) return [];
  const versions = definitions.filter((d) => d.contract === here.contract).sort((a, b) => a.version - b.version);
  const newest = versions.at(-1)!.id;
  return versions.map((d) => ({
    version: d.version,
    id: d.id,
    kind: adoption !== undefined && adopts(d, adoption) ? 'adoption' : 'contract',
    current: d.id === current,
    newest: d.id === newest,
  }));
}

/*
 * A version's adoptions as a set, made once per list: every adoption page of a large catalog asks
 * about its own versions, and a search of the list each time was quadratic.
 */
const adoptionSets = new WeakMap<readonly string[], ReadonlySet<string>>();

/** Whether definition version `d` has adoption `adoption`. */
export function adopts(d: VersionedDefinition, adoption: string): boolean {
  let set = adoptionSets.get(d.adoptions);
  if (!set) adoptionSets.set(d.adoptions, (set = new Set(d.adoptions)));
  return set.has(adoption);
}
