/**
 * Timed, isolated Astro builds for `npm run bench`.
 *
 * Builds never run in the repository itself: other builds (tests, a developer's `npm run build`)
 * share its `.astro/` and `node_modules/.astro|.vite`. The bench builds a copy of the site under
 * `bench/.work/site/` and the output floor under `bench/.work/floor/` (bench/floor.ts), each with its own
 * `node_modules/` folder of symlinks to the repository's packages (so Astro's and Vite's caches,
 * which live in `node_modules/`, are private), and starts every build cold: no `.astro/`, no caches,
 * an empty output folder.
 *
 * Peak memory is the highest sum of VmRSS over the build's whole process tree (Astro, Pagefind's
 * service, …), polled from /proc every 50 ms; VmHWM is each process's own kernel-kept peak.
 * CPU time (user + system of the whole tree, from `/usr/bin/time` when the machine has it) is
 * reported beside wall time: other work on a shared machine stretches wall time far more.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = fileURLToPath(new URL('../', import.meta.url));
export const work = join(repo, 'bench/.work');

/** What one build measured. */
export interface BuildRun {
  label: string;
  ok: boolean;
  wallMs: number;
  /** User + system CPU time of the build and the processes it waited for (undefined without /usr/bin/time). */
  cpuMs?: number;
  /** HTML pages written (Pagefind's files aside). */
  pages: number;
  /** Highest sum of VmRSS over the process tree, in bytes (sampled). */
  peakRss: number;
  /** Highest VmHWM of any one process of the tree, in bytes. */
  peakProcessHwm: number;
  /** Astro's own phase timings, from its log (ms); undefined when a line was not found. */
  phases: { startup?: number; setup?: number; bundle?: number; routes?: number; afterBuild?: number };
  outDir: string;
  log: string;
}

/** Top-level entries of the repository that a site copy leaves out. */
const NOT_COPIED = new Set(['node_modules', '.git', 'dist', '.astro', 'bench', 'tests', 'coverage']);
/** Cache folders of `node_modules/` that each project keeps to itself. */
const PRIVATE_MODULE_DIRS = new Set(['.astro', '.vite', '.cache']);
const TIME = '/usr/bin/time';
const TIME_MARK = 'BENCH-TIME';

/** A `node_modules/` folder for `dir` holding a symlink to each of the repository's packages. */
export function linkNodeModules(dir: string): void {
  const target = join(dir, 'node_modules');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const name of readdirSync(join(repo, 'node_modules'))) {
    if (PRIVATE_MODULE_DIRS.has(name)) continue;
    symlinkSync(join(repo, 'node_modules', name), join(target, name));
  }
}

/** A fresh copy of the site (sources, config, embedded catalog) at `bench/.work/<name>/`. */
export function prepareSiteCopy(name = 'site'): string {
  const dir = join(work, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(repo)) {
    if (NOT_COPIED.has(name) || name.endsWith('.log')) continue;
    cpSync(join(repo, name), join(dir, name), { recursive: true });
  }
  linkNodeModules(dir);
  return dir;
}

/** Removes every trace of an earlier build of `project`, so the next one starts cold. */
function coldStart(project: string, outDir: string): void {
  for (const p of [join(project, '.astro'), join(project, 'node_modules/.astro'), join(project, 'node_modules/.vite'), outDir]) {
    rmSync(p, { recursive: true, force: true });
  }
}

/** Every process id of the tree rooted at `root` (from /proc). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(name));
      children.set(ppid, list);
    } catch {
      /* the process ended meanwhile */
    }
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

function statusKb(pid: number, field: string): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Parses Astro's duration format (`456ms`, `3.54s`, `1m 23s`) into milliseconds. */
export function parseDuration(text: string): number | undefined {
  const m = /^(?:(\d+)m\s*)?(?:([\d.]+)s)?(?:([\d.]+)ms)?$/.exec(text.trim());
  if (!m || (!m[1] && !m[2] && !m[3])) return undefined;
  return (Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * 1000 + Number(m[3] ?? 0);
}

/** Astro's phases, from its build log. */
function phasesOf(log: string, wallMs: number): BuildRun['phases'] {
  const plain = log.replace(/\x1b\[[0-9;]*m/g, '');
  const after = (marker: RegExp, line: RegExp) => {
    const at = plain.search(marker);
    if (at < 0) return undefined;
    const m = line.exec(plain.slice(at));
    return m ? parseDuration(m[1]!) : undefined;
  };
  const setup = after(/Collecting build info/, /✓ Completed in (.+)\.$/m);
  const staticBuild = after(/Building static entrypoints/, /\[build\] ✓ Completed in (.+)\.$/m);
  const routes = after(/generating static routes/, /✓ Completed in (.+)\.$/m);
  const total = after(/page\(s\) built in/, /built in (.+)$/m);
  const phases: BuildRun['phases'] = {};
  if (setup !== undefined) phases.setup = setup;
  if (routes !== undefined) phases.routes = routes;
  if (staticBuild !== undefined && routes !== undefined) phases.bundle = staticBuild - routes;
  if (total !== undefined && setup !== undefined && staticBuild !== undefined) phases.afterBuild = total - setup - staticBuild;
  if (total !== undefined) phases.startup = Math.max(0, wallMs - total);
  return phases;
}

function countPages(dir: string): number {
  let n = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (e.name !== 'pagefind' && e.name !== '_astro') walk(join(d, e.name));
      } else if (e.name.endsWith('.html')) n++;
    }
  };
  if (existsSync(dir)) walk(dir);
  return n;
}

/**
 * Runs `astro build` cold in `project` into `bench/.work/out/<label>/`, with `env` added, and
 * measures it. With `warm`, what the project's last build kept (`node_modules/.astro/`, the output
 * folder) is left in place: the incremental build's second build.
 */
export function timedBuild(
  project: string,
  label: string,
  env: Record<string, string> = {},
  /** Called every `heartbeatMs` while the build runs, with a line on how far it got. */
  heartbeat?: (line: string) => void,
  heartbeatMs = 60_000,
  warm = false,
): Promise<BuildRun> {
  const outDir = join(work, 'out', label);
  if (!warm) coldStart(project, outDir);
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...env };
  if (!env.OPENGDD_CATALOG) delete childEnv.OPENGDD_CATALOG;
  return new Promise((resolve) => {
    const started = performance.now();
    // As `npm run build` runs it: the site through bin/astro.mjs, with the build's memory
    // settings; a project without it (the floor, a plain Astro project) through Astro's own.
    const launcher = join(project, 'bin/astro.mjs');
    const command = [process.execPath, existsSync(launcher) ? launcher : join(project, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir];
    const timed = existsSync(TIME);
    const [file, ...args] = timed ? [TIME, '-f', `${TIME_MARK} %U %S`, ...command] : command;
    const child = spawn(file!, args, {
      cwd: project,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    let peakRss = 0;
    const hwm = new Map<number, number>();
    const poll = () => {
      if (child.pid === undefined) return;
      let sum = 0;
      for (const pid of processTree(child.pid)) {
        sum += statusKb(pid, 'VmRSS');
        hwm.set(pid, Math.max(hwm.get(pid) ?? 0, statusKb(pid, 'VmHWM')));
      }
      peakRss = Math.max(peakRss, sum * 1024);
    };
    const timer = setInterval(poll, 50);
    const beat = heartbeat
      ? setInterval(() => {
          const log = Buffer.concat(chunks).toString('utf8');
          const routes = (log.match(/[├└]─ /g) ?? []).length;
          const stage = /Search index|astro:build:done/.test(log)
            ? 'writing the search index'
            : /generating static routes/.test(log)
              ? `rendering: ${routes} files written`
              : /Building static entrypoints/.test(log)
                ? 'bundling'
                : 'loading the catalog';
          heartbeat(`${Math.round((performance.now() - started) / 1000)} s, ${stage}, RSS now ${(peakRss / 2 ** 20).toFixed(0)} MiB peak`);
        }, heartbeatMs)
      : undefined;
    child.on('close', (code) => {
      clearInterval(timer);
      if (beat) clearInterval(beat);
      const wallMs = performance.now() - started;
      const log = Buffer.concat(chunks).toString('utf8');
      const cpu = timed ? new RegExp(`^${TIME_MARK} ([\\d.]+) ([\\d.]+)$`, 'm').exec(log) : null;
      resolve({
        label,
        ok: code === 0,
        wallMs,
        ...(cpu ? { cpuMs: (Number(cpu[1]) + Number(cpu[2])) * 1000 } : {}),
        pages: countPages(outDir),
        peakRss,
        peakProcessHwm: Math.max(0, ...hwm.values()) * 1024,
        phases: phasesOf(log, wallMs),
        outDir,
        log,
      });
    });
  });
}
