/**
 * `npm run bench`: the engine's throughput, the explorer's recompute per change, and the bytes each
 * page type loads. Medians of several runs (these machines are noisy); writes bench/results.json.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { analyzeAdoption } from '../src/lib/opengdd/analyze.ts';
import { explore, suppliedState, type TriedState } from '../src/lib/opengdd/explore.ts';
import { loadCatalog, type CatalogDefinition } from '../src/lib/opengdd/node/catalog.ts';

const repo = fileURLToPath(new URL('../', import.meta.url));
const corpus = join(repo, '../shared/corpus');
const work = join(repo, 'bench/.work');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(fn: () => void): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

/** Validation + test generation for every adoption, as adoptions per second. */
function engineThroughput(definitions: CatalogDefinition[]) {
  const inputs = definitions.flatMap((d) =>
    d.adoptions.map((a) => ({ id: a.id, file: a.id, document: a.document, ...(d.pack ? { pack: { file: 'p', document: d.pack.document, digest: d.pack.digest } } : {}) })),
  );
  const runs = Array.from({ length: 7 }, () => time(() => inputs.forEach((i) => analyzeAdoption(i))));
  return { adoptions: inputs.length, medianMs: median(runs), adoptionsPerSecond: Math.round(inputs.length / (median(runs) / 1000)) };
}

/** One explorer recompute per change, on the definition with the most questions and templates. */
function explorerRecompute(definitions: CatalogDefinition[]) {
  const size = (d: CatalogDefinition) => Object.keys(d.definition.questions).length + (d.pack?.document.templates.length ?? 0);
  const largest = [...definitions].filter((d) => d.pack && d.adoptions.length).sort((a, b) => size(b) - size(a))[0]!;
  const adoption = largest.adoptions[0]!;
  const base = suppliedState(adoption.document);
  const changes: TriedState[] = [];
  for (const [id, q] of Object.entries(largest.definition.questions)) {
    for (const option of Object.keys(q.options)) changes.push({ ...base, answers: { ...base.answers, [id]: option } });
  }
  const verification = (adoption.document.verification ?? {}) as Record<string, unknown>;
  for (let i = 0; i < 50; i++) explore(largest.definition, largest.pack!.document, adoption.id, changes[i % changes.length]!, verification);
  const per = changes.map((c) => time(() => explore(largest.definition, largest.pack!.document, adoption.id, c, verification)));
  return { definition: largest.id, questions: Object.keys(largest.definition.questions).length, templates: largest.pack!.document.templates.length, changes: per.length, medianMs: median(per), p95Ms: [...per].sort((a, b) => a - b)[Math.floor(per.length * 0.95)]! };
}

/** Raw and gzip bytes of a page's HTML and of the CSS and JS files it references. */
function pageBytes(dist: string, path: string) {
  const html = readFileSync(join(dist, path, 'index.html'));
  const text = html.toString('utf8');
  const refs = (re: RegExp) => [...new Set([...text.matchAll(re)].map((m) => m[1]!))].filter((u) => u.startsWith('/'));
  const sum = (files: string[]) =>
    files.reduce(
      (acc, f) => {
        const p = join(dist, f.split('?')[0]!);
        if (!existsSync(p)) return acc;
        const b = readFileSync(p);
        return { raw: acc.raw + b.length, gzip: acc.gzip + gzipSync(b).length };
      },
      { raw: 0, gzip: 0 },
    );
  const js = refs(/<script[^>]+src="([^"]+)"/g).concat(refs(/import\("([^"]+\.js)"\)/g), refs(/from"([^"]+\.js)"/g));
  return {
    html: { raw: html.length, gzip: gzipSync(html).length },
    css: sum(refs(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)),
    js: sum(js),
  };
}

function buildSite(catalogRoot: string, outDir: string): number {
  rmSync(outDir, { recursive: true, force: true });
  return time(() =>
    execFileSync('npx', ['astro', 'build', '--outDir', outDir], { cwd: repo, env: { ...process.env, OPENGDD_CATALOG: catalogRoot }, stdio: 'ignore' }),
  );
}

const root = existsSync(corpus) ? corpus : repo;
const { model } = await loadCatalog(root);
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  catalog: root === corpus ? '../shared/corpus' : 'embedded',
  engine: engineThroughput(model.definitions),
  explorer: explorerRecompute(model.definitions),
};

mkdirSync(work, { recursive: true });
const dist = join(work, 'dist-embedded');
results.buildEmbeddedMs = buildSite(repo, dist);
const { model: embedded } = await loadCatalog(repo);
const sample = embedded.definitions.find((d) => d.adoptions.length && d.pack) ?? embedded.definitions[0]!;
results.bytes = {
  catalog: pageBytes(dist, 'contracts'),
  contract: pageBytes(dist, `contracts/${sample.id}`),
  adoption: pageBytes(dist, `contracts/${sample.id}/${sample.adoptions[0]!.id}`),
};

writeFileSync(join(repo, 'bench/results.json'), JSON.stringify(results, null, 2) + '\n');
const e = results.engine as ReturnType<typeof engineThroughput>;
const x = results.explorer as ReturnType<typeof explorerRecompute>;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`| figure | value | goal |\n| --- | --- | --- |`);
console.log(`| engine: validation + test generation (${e.adoptions} adoptions, ${results.catalog}) | ${e.adoptionsPerSecond} adoptions/s | |`);
console.log(`| explorer recompute per change (${x.definition}, ${x.questions} questions, ${x.templates} templates) | median ${x.medianMs.toFixed(3)} ms, p95 ${x.p95Ms.toFixed(3)} ms | ≤ 2 ms |`);
console.log(`| build of the embedded catalog | ${((results.buildEmbeddedMs as number) / 1000).toFixed(1)} s | |`);
for (const [kind, b] of Object.entries(results.bytes as Record<string, ReturnType<typeof pageBytes>>)) {
  console.log(`| ${kind} page: HTML / CSS / JS (gzip) | ${kb(b.html.gzip)} / ${kb(b.css.gzip)} / ${kb(b.js.gzip)} | ${kind === 'contract' ? 'JS ≤ 15 KB' : ''} |`);
}
console.log(`\nwritten: bench/results.json (${readdirSync(join(repo, 'bench')).includes('results.json') ? 'ok' : 'missing'})`);
