/**
 * Bad input, the site build: `astro build` with OPENGDD_CATALOG at a planted fault of `faults.ts`
 * exits 1, prints the engine's finding (file, JSON pointer, spec code) without a stack trace,
 * leaves the catalog folder byte-identical, and leaves no output folder behind: the output folder is
 * filled first with a complete-looking earlier build, which must not survive as if it were the
 * result (see `guardOutput` in src/integrations/opengdd-site.ts).
 *
 * Every fault is checked through the build's own catalog load in-process (`loader.test.ts`); the
 * builds here are one per layer that reports a finding (see `kindOf`: the catalog folder's own
 * checks, `CATALOG_…`, and the engine's checks of the spec, `CONTRACT_…`; both stop the build at the
 * same point, the catalog load) and the faults that could reach further into a build
 * (`ALSO_BUILT`). Each also proves that the build printed exactly the finding lines of the
 * in-process load, so the in-process cases stand for builds.
 *
 * A failing build stops at the content sync, a few seconds each; the builds run one at a time under
 * the site helpers' build lock. The total is printed at the end.
 */
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogLoad } from '../helpers/catalog-load.ts';
import { findingStart, parseFindings } from '../helpers/cli.ts';
import { repoRoot, treeDigest } from '../helpers/paths.ts';
import { buildSite, copyCatalog, remove } from '../helpers/site.ts';
import { FAULTS, plantedCatalog, STACK, type Fault } from './faults.ts';

/** Waiting for the build lock (other test files build too) plus one build. */
const BUILD_TIMEOUT = 300_000;

const temps: string[] = [];
const timings: { name: string; ms: number }[] = [];
afterAll(() => {
  temps.forEach(remove);
  const total = timings.reduce((n, t) => n + t.ms, 0);
  const slowest = [...timings].sort((a, b) => b.ms - a.ms)[0];
  console.log(
    `hardening builds: ${timings.length} builds (all but one failing) in ${(total / 1000).toFixed(1)} s ` +
      `(mean ${(total / Math.max(1, timings.length) / 1000).toFixed(1)} s, slowest ${slowest?.name} ${((slowest?.ms ?? 0) / 1000).toFixed(1)} s; lock waits included)`,
  );
});

/** An output folder that already holds what looks like a finished site. */
function staleOutput(label: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `opengdd-hardening-${label}-`));
  temps.push(dir);
  mkdirSync(path.join(dir, 'contracts'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>an earlier build</title>');
  writeFileSync(path.join(dir, 'contracts/index.html'), '<!doctype html><title>an earlier build</title>');
  return dir;
}

function timed<T>(name: string, run: () => T): T {
  const start = performance.now();
  try {
    return run();
  } finally {
    timings.push({ name, ms: performance.now() - start });
  }
}

/**
 * Faults whose failure could reach further into a build than the catalog load, built as well:
 * prose that MDX would run as code, an image Astro's pipeline would choke on, a nesting deep enough
 * to overflow a recursive walk, a 10 MB file, a folder name too long for the file system (Vite
 * would meet it importing that folder's about.mdx).
 */
const ALSO_BUILT = ['about-prose-code', 'about-prose-image', 'deep-json', 'huge-adoption', 'contract-id-too-long'];

/**
 * The kind of finding a fault stands for: the layer that reports its first expected finding
 * (`CATALOG`: the catalog folder's own checks; `CONTRACT`: the engine's checks of the spec).
 */
function kindOf(fault: Fault): string {
  return fault.expected[0]!.code.split('_')[0]!;
}

/** The first fault of each kind ({@link kindOf}), and {@link ALSO_BUILT}. */
function builtFaults(faults: readonly Fault[]): Fault[] {
  const seen = new Set<string>();
  return faults.filter((f) => {
    const kind = kindOf(f);
    const first = !seen.has(kind);
    seen.add(kind);
    return first || ALSO_BUILT.includes(f.name);
  });
}

/** The error finding lines of a text, one each, sorted. */
function findingLines(text: string): string[] {
  const lines = parseFindings(text)
    .filter((f) => f.severity === 'error')
    .map((f) => `${f.file}:${f.line}:${f.column} ${f.pointer} ${f.code} ${f.severity} ${f.message}`);
  return [...new Set(lines)].sort();
}

describe('astro build on a planted fault', () => {
  it('builds one case of each layer that reports findings, and the cases named to be built', () => {
    const built = builtFaults(FAULTS);
    expect(new Set(built.map(kindOf))).toEqual(new Set(FAULTS.map(kindOf)));
    for (const name of ALSO_BUILT) expect(built.map((f) => f.name)).toContain(name);
  });

  it.each(builtFaults(FAULTS).map((f) => [f.name, f] as const))(
    '%s',
    async (name, fault) => {
      const root = plantedCatalog(fault);
      temps.push(root);
      const before = treeDigest(root);
      const outDir = staleOutput(name);
      const build = timed(name, () => buildSite(root, `hardening-${name}`, { outDir }));

      expect(build.status, build.output).toBe(1);
      expect(treeDigest(root), 'the catalog folder is byte-identical afterwards').toBe(before);
      for (const want of fault.expected) {
        expect(build.output, fault.title).toMatch(findingStart(want));
      }
      expect(build.output).not.toMatch(STACK);
      // No output folder: neither the earlier build nor a partial one passes for this build's result.
      expect(existsSync(outDir), `${outDir} is left behind`).toBe(false);
      // The build printed exactly the findings of the in-process load (loader.test.ts): the same
      // lines, none more, none fewer.
      const load = await catalogLoad(root);
      expect(findingLines(load.printed).length).toBeGreaterThan(0);
      expect(findingLines(build.output)).toEqual(findingLines(load.printed));
      // …printed as Astro prints its own errors: the name, the findings, the hint.
      expect(build.output).toMatch(/\[CatalogError\] The catalog has \d+ errors?:\n/);
      expect(build.output).toMatch(/Hint:\n\s+Each line names the file, the line and column, the JSON pointer, the code/);
      expect(treeDigest(root)).toBe(before);
    },
    BUILD_TIMEOUT,
  );
});

describe('a build that fails while pages are written, and MDX prose that does not parse', () => {
  it(
    'a late failure leaves no partial output folder either',
    () => {
      // No valid catalog fails a build after its check, so the failure is planted in the build:
      // late-failure.mjs adds an integration that throws once every page is written.
      const outDir = staleOutput('late');
      const build = timed('late-failure', () => buildSite(undefined, 'hardening-late', { outDir, script: path.join(import.meta.dirname, 'late-failure.mjs') }));

      expect(build.status, build.output).toBe(1);
      expect(build.output).toContain('failed late on purpose');
      // Pages were written before the failure…
      expect(build.output).toMatch(/\/contracts\/clamped-meter-1\/index\.html/);
      // …and none of them is left.
      expect(existsSync(outDir)).toBe(false);
      expect(build.output).toContain('the build did not finish');
    },
    BUILD_TIMEOUT,
  );

  it(
    'MDX prose that does not compile: exit 1, the file and line named by the check, no stack trace, no output folder',
    () => {
      // The catalog check parses the prose with the parser of Astro's MDX integration, so the build
      // stops with the engine's one-line finding before Astro's compiler (and its trace) is reached.
      const root = copyCatalog(repoRoot);
      temps.push(root);
      appendFileSync(path.join(root, 'catalog/spawn-wave-1/about.mdx'), '\n<div>an unclosed element {\n');
      const outDir = staleOutput('mdx');
      const build = timed('mdx-syntax', () => buildSite(root, 'hardening-mdx', { outDir }));
      expect(build.status, build.output).toBe(1);
      expect(build.output).toMatch(/catalog\/spawn-wave-1\/about\.mdx:1:1 CATALOG_ABOUT error The prose is not valid MDX at line \d+, column \d+/);
      expect(build.output).not.toMatch(/^\s+at /m);
      expect(existsSync(outDir)).toBe(false);
    },
    BUILD_TIMEOUT,
  );

  it(
    'and the next build, of another folder with the same definitions, renders its own about.mdx',
    () => {
      // The content store keeps an entry whose digest is unchanged; the digest covers the about.mdx
      // path, so this folder's prose is rendered, not the earlier folder's.
      const root = copyCatalog(repoRoot);
      temps.push(root);
      appendFileSync(path.join(root, 'catalog/spawn-wave-1/about.mdx'), '\nProse of the second folder.\n');
      const build = timed('next-build', () => buildSite(root, 'hardening-next'));
      temps.push(build.outDir);
      expect(build.status, build.output).toBe(0);
      expect(readFileSync(path.join(build.outDir, 'contracts/spawn-wave-1/index.html'), 'utf8')).toContain('Prose of the second folder.');
      expect(build.output).not.toContain('prose failed on purpose');
    },
    BUILD_TIMEOUT,
  );
});
