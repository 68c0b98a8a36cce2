/**
 * `bin/astro.mjs`, which `npm run build` and `npm start` run: Astro's command line, started with the
 * build's allocator settings in its environment (they only work from a process's start), a value
 * the caller set kept, and the arguments passed on.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALLOCATOR_SETTINGS } from '../../bin/allocator-settings.mjs';
import { repoRoot } from '../helpers/paths.ts';

/**
 * Prints, in every Node process it starts in, the process's pid and allocator settings as one JSON
 * line. (No space or double quote: NODE_OPTIONS splits at the one and drops the other.)
 */
const REPORT = `data:text/javascript,console.log('ENV:'+JSON.stringify({pid:process.pid,mmap:process.env.MALLOC_MMAP_THRESHOLD_??null,purge:process.env.MIMALLOC_PURGE_DELAY??null}))`;

/** Runs `bin/astro.mjs --version` with none of the settings in the environment but those of `given`. */
function launch(given: Record<string, string>) {
  const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', NODE_OPTIONS: `--import=${REPORT}` };
  for (const name of Object.keys(ALLOCATOR_SETTINGS)) delete env[name];
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin/astro.mjs'), '--version'], { cwd: repoRoot, env: { ...env, ...given }, encoding: 'utf8' });
  const reports = [...run.stdout.matchAll(/^ENV:(.+)$/gm)].map((m) => JSON.parse(m[1]!) as { pid: number; mmap: string | null; purge: string | null });
  return { run, reports };
}

describe('bin/astro.mjs', () => {
  it("runs Astro's command line in its own process, with the allocator settings set as it starts", () => {
    const { run, reports } = launch({});
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/astro\s+v\d+\.\d+\.\d+/);
    // The launcher first, then Astro in the same process (replaced, not a child): one pid.
    expect(reports.length).toBe(2);
    expect(reports[1]!.pid).toBe(reports[0]!.pid);
    expect(reports[1]).toMatchObject({ mmap: ALLOCATOR_SETTINGS.MALLOC_MMAP_THRESHOLD_, purge: ALLOCATOR_SETTINGS.MIMALLOC_PURGE_DELAY });
  });

  it('keeps a setting the caller gave', () => {
    const { run, reports } = launch({ MIMALLOC_PURGE_DELAY: '25' });
    expect(run.status, run.stderr).toBe(0);
    expect(reports.at(-1)).toMatchObject({ mmap: ALLOCATOR_SETTINGS.MALLOC_MMAP_THRESHOLD_, purge: '25' });
  });
});
