/**
 * `npm start` builds the site and serves it with `astro preview`; a signal to npm (as a process
 * manager or a terminal sends it) stops the preview server too: the port is freed and no process
 * of the tree is left. Runs in a private copy of the site (see `harness.ts`), so its builds do not
 * touch the repository's `.astro/` or `dist/`.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { alive } from '../site/helpers.ts';
import { freePort, privateProject, sleep } from './harness.ts';

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

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops astro preview when npm gets %s',
    async (signal) => {
      const port = await freePort();
      const npm = spawn('npm', ['start', '--', '--host', '127.0.0.1', '--port', String(port)], {
        cwd: project.project,
        env: project.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      npm.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')));
      npm.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
      const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
      let tree: number[] = [];
      try {
        const deadline = Date.now() + 300_000;
        for (;;) {
          const status = await fetch(`http://127.0.0.1:${port}/contracts/`).then((r) => r.status, () => 0);
          if (status === 200) break;
          if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not serve the site:\n${output}`);
          await sleep(500);
        }
        tree = descendants(npm.pid!);
        expect(tree.length, 'npm runs the script and preview below it').toBeGreaterThan(0);
        npm.kill(signal);
        await exited;
        // Give the tree a moment to go; it must not stay.
        const gone = Date.now() + 15_000;
        while (tree.some(alive) && Date.now() < gone) await sleep(100);
        expect(tree.filter(alive), output).toEqual([]);
        expect(await listening(port), `port ${port} is still taken`).toBe(false);
      } finally {
        // Nothing of a failed run may outlive the test.
        for (const pid of new Set([npm.pid!, ...tree, ...descendants(npm.pid!)])) if (alive(pid)) process.kill(pid, 'SIGKILL');
      }
    },
    400_000,
  );
});
