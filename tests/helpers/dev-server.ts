/**
 * `astro dev` on a temporary copy of a catalog, for the dev-server test and the dev bench.
 *
 * The server runs in a private copy of the site (sources and config, with a `node_modules/` of
 * symlinks to the repository's packages), because a dev server writes the project's `.astro/`
 * folder, which the builds of other tests share. The catalog (`catalog/` and `packs/`) is copied to
 * a temporary folder named by OPENGDD_CATALOG, so edits never touch the repository.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is tests/helpers/dev-server.ts). */
const repo = fileURLToPath(new URL('../../', import.meta.url));

/** Top-level entries of the repository the site copy leaves out (the catalog comes separately). */
const NOT_COPIED = new Set(['node_modules', '.git', 'dist', '.astro', 'bench', 'tests', 'coverage', 'catalog', 'packs']);
/** Cache folders of `node_modules/` that each project keeps to itself. */
const PRIVATE_MODULE_DIRS = new Set(['.astro', '.vite', '.cache']);

/** A running dev server. */
export interface DevServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The catalog folder it follows (holding `catalog/` and `packs/`): edit files here. */
  catalog: string;
  /** Everything the server printed so far, stdout and stderr together. */
  output(): string;
  /** Stops the server and removes the temporary folders. */
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (released before the server takes it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `astro dev` on a copy of `source` (a folder holding `catalog/` and `packs/`; the
 * embedded catalog by default) and resolves once it serves the catalog page.
 */
export async function startDevServer(options: { source?: string; timeoutMs?: number } = {}): Promise<DevServer> {
  const { tmp, project, catalog, env } = privateProject(options.source);
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(project, 'node_modules/astro/bin/astro.mjs'), 'dev', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: project,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const server: DevServer = {
    origin: `http://127.0.0.1:${port}`,
    catalog,
    output: () => output,
    stop: async () => {
      await stopChild(child, exited);
      rmSync(tmp, { recursive: true, force: true });
    },
  };
  try {
    const deadline = Date.now() + (options.timeoutMs ?? 180_000);
    for (;;) {
      if (child.exitCode !== null) throw new Error(`astro dev exited with ${child.exitCode}:\n${output}`);
      const page = await get(server, '/contracts/').catch((e: unknown) => ({ status: 0, body: String(e) }));
      if (page.status === 200) return server;
      if (Date.now() > deadline) throw new Error(`astro dev did not serve /contracts/ in time (last: ${page.status} ${page.body.slice(0, 500)}):\n${output}`);
      await sleep(250);
    }
  } catch (e) {
    await server.stop();
    throw e;
  }
}

/** A private copy of the site and of a catalog, in a new temporary folder. */
export interface PrivateProject {
  /** The temporary folder holding both (remove it when done). */
  tmp: string;
  /** The site: sources, config and a `node_modules/` of symlinks. */
  project: string;
  /** The catalog folder (holding `catalog/` and `packs/`), named by OPENGDD_CATALOG in `env`. */
  catalog: string;
  /** The environment to run the site's commands in. */
  env: NodeJS.ProcessEnv;
}

/** Copies the site and the catalog folder `source` (the embedded one by default). */
export function privateProject(source = repo): PrivateProject {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'opengdd-dev-'));
  const project = path.join(tmp, 'site');
  const catalog = path.join(tmp, 'catalog-folder');
  copySite(project);
  // With their times: the copy is the harness's, and a file written moments ago is one the dev
  // server's re-check reads again until it has settled (see `recallBetween` in catalog.ts), which
  // a maintainer's own catalog, not copied just before `astro dev` starts, does not pay for.
  for (const name of ['catalog', 'packs']) cpSync(path.join(source, name), path.join(catalog, name), { recursive: true, preserveTimestamps: true });
  // Not what a test runner set for itself (vitest sets NODE_ENV=test and VITEST*), which would make
  // the site's commands behave unlike the ones a maintainer runs.
  const env: NodeJS.ProcessEnv = { ...process.env, OPENGDD_CATALOG: catalog, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
  for (const name of Object.keys(env)) if (name === 'NODE_ENV' || name.startsWith('VITEST') || name === 'TEST') delete env[name];
  return { tmp, project, catalog, env };
}

/** One page of the dev server: status and body. */
export async function get(server: Pick<DevServer, 'origin'>, pathname: string): Promise<{ status: number; body: string }> {
  const response = await fetch(server.origin + pathname, { headers: { accept: 'text/html' } });
  return { status: response.status, body: await response.text() };
}

/**
 * Reads `pathname` until `accept` holds for it (or throws after `timeoutMs`, with the last answer
 * and the server's output). A generous limit on a shared machine; how long it took is not judged.
 */
export async function waitForPage(
  server: DevServer,
  pathname: string,
  accept: (page: { status: number; body: string }) => boolean,
  timeoutMs = 60_000,
): Promise<{ status: number; body: string }> {
  const deadline = Date.now() + timeoutMs;
  let last: { status: number; body: string } | undefined;
  for (;;) {
    last = await get(server, pathname).catch(() => last);
    if (last && accept(last)) return last;
    if (Date.now() > deadline) {
      throw new Error(`${pathname} did not reach the expected state; last answer ${last?.status}:\n${last?.body.slice(0, 2000)}\n--- server output ---\n${server.output()}`);
    }
    await sleep(50);
  }
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function copySite(project: string): void {
  mkdirSync(project, { recursive: true });
  for (const name of readdirSync(repo)) {
    if (NOT_COPIED.has(name) || name.endsWith('.log')) continue;
    cpSync(path.join(repo, name), path.join(project, name), { recursive: true });
  }
  const modules = path.join(project, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(path.join(repo, 'node_modules'))) {
    if (!PRIVATE_MODULE_DIRS.has(name)) symlinkSync(path.join(repo, 'node_modules', name), path.join(modules, name));
  }
}

/** SIGTERM, then SIGKILL if the server has not exited after 10 s. */
async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
