/**
 * `npm run fuzz -- [--cases N] [--seed S] [--from I] [--builds K] [--case I]`: a long fuzz
 * campaign over the embedded catalog and the corpus (see `campaign.ts`). Prints each case that fell
 * short with its seed and number, and a last line with the totals; exit 1 when any fell short.
 * `--case I` replays one case and prints what `check` printed. `--builds K` also builds the site
 * for K cases spread over the campaign and checks that the build agrees with `check`.
 */
import { corpusDir, corpusPresent, repoRoot } from '../helpers/paths.ts';
import { buildAgrees } from './agreement.ts';
import { runCase, sources, workspaces } from './campaign.ts';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} needs a whole number`);
  return value;
}

const seed = option('seed', 1);
const only = process.argv.includes('--case') ? option('case', 0) : undefined;
const from = only ?? option('from', 0);
const cases = only === undefined ? option('cases', 1000) : 1;
const builds = option('builds', 0);

if (!corpusPresent) console.log(`fuzz: ${corpusDir} is absent; fuzzing the embedded catalog only.`);
const spaces = workspaces(sources(repoRoot, corpusDir, corpusPresent));
const start = performance.now();
let short = 0;
let withErrors = 0;
try {
  for (let i = from; i < from + cases; i++) {
    const result = await runCase(spaces.all, seed, i);
    if (result.errors) withErrors++;
    if (only !== undefined) console.log(`${result.workspace} ${result.file}: ${result.what} (${result.format}, exit ${result.status})\n${result.out}`);
    if (result.problems.length) {
      short++;
      console.log(`seed ${seed} case ${i}: ${result.workspace} ${result.file}: ${result.what} (--format ${result.format})\n  ${result.problems.join('\n  ')}`);
    }
    if ((i - from + 1) % 1000 === 0) console.log(`… ${i - from + 1} cases, ${short} short, ${((performance.now() - start) / 1000).toFixed(0)} s`);
  }
  for (let b = 0; b < builds; b++) {
    const index = from + Math.floor((b * cases) / builds);
    const problems = await buildAgrees(spaces.all, seed, index);
    if (problems.length) {
      short++;
      console.log(`seed ${seed} case ${index} (build): ${problems.join('; ')}`);
    }
  }
} finally {
  spaces.dispose();
}
const seconds = (performance.now() - start) / 1000;
console.log(
  `fuzz: seed ${seed}, cases ${from}–${from + cases - 1} (${cases.toLocaleString('en-US')}, ${withErrors.toLocaleString('en-US')} with errors), ` +
    `${builds} builds; ${short} fell short; ${seconds.toFixed(1)} s (${((seconds * 1000) / Math.max(1, cases)).toFixed(1)} ms a case).`,
);
process.exitCode = short ? 1 : 0;
