/**
 * The README's CI recipe ("Publish a catalog") works as written: its commands, read from the
 * README itself so that the two cannot drift, are the workflow's `run:` steps, and they run on a
 * copy of the embedded catalog — the check exits 0 with only well-formed workflow commands, the
 * SARIF log reads, and the build writes a site into `$SITE`. `npm ci` is left out: the suite runs
 * after it. The one build of this file, under the site helpers' build lock.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/paths.ts';
import { copyCatalog, takeLock } from '../helpers/site.ts';

const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const section = /^## Publish a catalog\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? '';
const block = (lang: string) => new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(section)?.[1] ?? '';
const commands = block('sh').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
const runs = [...block('yaml').matchAll(/^\s+run: (.+)$/gm)].map((m) => m[1]!.trim());

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('README "Publish a catalog"', () => {
  it('lists the commands, and the workflow runs exactly those', () => {
    expect(commands.length).toBeGreaterThanOrEqual(3);
    expect(commands).toContain('npm ci');
    expect(runs).toEqual(commands);
  });

  it('its commands check and build a copy of the embedded catalog', () => {
    const catalog = copyCatalog(repoRoot);
    const work = mkdtempSync(path.join(os.tmpdir(), 'opengdd-publish-'));
    temps.push(catalog, work);
    const env: NodeJS.ProcessEnv = { ...process.env, CATALOG: catalog, SITE: path.join(work, 'site'), RUNNER_TEMP: work, NO_COLOR: '1', ASTRO_TELEMETRY_DISABLED: '1' };
    delete env.OPENGDD_CATALOG;
    const results = [];
    for (const command of commands.filter((c) => c !== 'npm ci')) {
      // Builds share the project's .astro/ folder: the build takes the lock the site tests take.
      const release = command.includes('npm run build') ? takeLock(path.join(repoRoot, 'tests/.work/build.lock')) : () => {};
      try {
        const run = spawnSync('bash', ['-c', command], { cwd: repoRoot, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
        results.push({ command, status: run.status, out: run.stdout, err: run.stderr });
      } finally {
        release();
      }
    }
    for (const r of results) expect(r.status, `${r.command}\n${r.out}${r.err}`).toBe(0);
    const github = results.find((r) => r.command.includes('--format github'))!;
    const lines = github.out.trimEnd().split('\n');
    // The embedded catalog's two promised definitions are warnings; nothing is an error.
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^::warning file=(catalog|packs)\/[^,:]+,line=\d+,col=\d+,title=[A-Z_]+::\S/);
    const sarif = JSON.parse(readFileSync(path.join(work, 'opengdd.sarif'), 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results).toHaveLength(lines.length);
    for (const page of ['index.html', 'contracts/index.html', 'contracts/clamped-meter-2/index.html']) expect(existsSync(path.join(work, 'site', page)), page).toBe(true);
  }, 300_000);
});
