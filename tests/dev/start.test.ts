/**
 * `npm start` builds the site and serves it with `astro preview`; a signal to npm (as a process
 * manager or a terminal sends it) stops the preview server too: the port is freed and no process
 * of the tree is left. Runs in a private copy of the site (see `harness.ts`), so its builds do not
 * touch the repository's `.astro/` or `dist/`.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alive } from '../helpers/site.ts';
import { freePort, privateProject, sleep } from '../helpers/dev-server.ts';

const project = privateProject();
afterAll(() => rmSync(project.tmp, { recursive: true, force: true }));

/** Every process below `root`, from /proc. */
function descendants(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The parent pid is the fourth field, after the command name in parentheses.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
    } catch {
      /* gone meanwhile */
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const child of parents.get(pid) ?? []) {
      out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** `npm start` on a free port, with its output collected and its exit awaited. */
async function npmStart() {
  const port = await freePort();
  const npm = spawn('npm', ['start', '--', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: project.project,
    env: project.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { npm, port, output: '', exited: new Promise<void>((resolve) => npm.once('exit', () => resolve())) };
  npm.stdout!.on('data', (c: Buffer) => (run.output += c.toString('utf8')));
  npm.stderr!.on('data', (c: Buffer) => (run.output += c.toString('utf8')));
  return run;
}

/** Waits until `ready` holds, polling; throws with npm's output when npm exits or time runs out. */
async function until(run: Awaited<ReturnType<typeof npmStart>>, what: string, ready: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (await ready()) return;
    if (run.npm.exitCode !== null || Date.now() > deadline) throw new Error(`npm start: ${what} did not happen:\n${run.output}`);
    await sleep(100);
  }
}

/** Sends `signal` to npm and checks that npm and every process below it are gone and the port free. */
async function stopsWhole(run: Awaited<ReturnType<typeof npmStart>>, signal: NodeJS.Signals): Promise<void> {
  let tree: number[] = [];
  try {
    tree = descendants(run.npm.pid!);
    expect(tree.length, 'npm runs the script and astro below it').toBeGreaterThan(0);
    run.npm.kill(signal);
    await run.exited;
    // Give the tree a moment to go; it must not stay.
    const gone = Date.now() + 15_000;
    while (tree.some(alive) && Date.now() < gone) await sleep(100);
    expect(tree.filter(alive), run.output).toEqual([]);
    expect(await listening(run.port), `port ${run.port} is still taken`).toBe(false);
  } finally {
    // Nothing of a failed run may outlive the test.
    for (const pid of new Set([run.npm.pid!, ...tree, ...descendants(run.npm.pid!)])) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
}

// The start script passes every signal on the same way (bin/start.mjs); the two cases cover both
// of its children, the server and the build, with one build between them.
describe('npm start', () => {
  it(
    'stops astro preview when npm gets SIGTERM (a process manager)',
    async () => {
      const run = await npmStart();
      await until(run, 'serving the site', () => fetch(`http://127.0.0.1:${run.port}/contracts/`).then((r) => r.status === 200, () => false));
      await stopsWhole(run, 'SIGTERM');
    },
    400_000,
  );

  it(
    'stops the build when npm gets SIGINT (Ctrl-C) while it runs, and serves nothing',
    async () => {
      // The build before left the site as it would build now, and such a build ends at once (see
      // src/lib/node/incremental/build-cache.ts), even without dist/, which its copy in the cache
      // folder gives back: without either, and without that build's mark, this one has work to do.
      for (const gone of ['dist', 'node_modules/.astro/opengdd']) rmSync(path.join(project.project, gone), { recursive: true, force: true });
      const run = await npmStart();
      // The build has started once Astro reports its first build step.
      await until(run, 'the build starting', () => /\[build\]|\[content\]/.test(run.output));
      await stopsWhole(run, 'SIGINT');
      // The build did not finish, so the server (started only after it) never was.
      expect(run.output).not.toMatch(/Complete!/);
    },
    400_000,
  );
});
