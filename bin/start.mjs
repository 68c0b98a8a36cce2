#!/usr/bin/env node
// `npm start`: builds the site, then serves it with `astro preview` (arguments go to preview, e.g.
// `npm start -- --port 4322`). Both run as children of this process, which passes on every SIGINT,
// SIGTERM and SIGHUP it gets. npm forwards a signal to its script's process only, the shell that
// runs the script line, which dies without passing it on: with `astro build && astro preview`,
// stopping npm left the preview server running. So the script line execs this file (`exec node
// bin/start.mjs`), which npm's signal then reaches.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Astro's command line with the build's memory settings (see astro.mjs).
const astro = fileURLToPath(new URL('./astro.mjs', import.meta.url));
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** The child running now, which receives the signals this process gets. */
let current;
/** The first signal received: once the child has stopped, this process stops with it. */
let stopping;
for (const signal of SIGNALS) {
  process.on(signal, () => {
    stopping ??= signal;
    current?.kill(signal);
  });
}

/** Runs `astro <args>` and resolves with how it ended. */
function run(args) {
  return new Promise((resolve) => {
    current = spawn(process.execPath, [astro, ...args], { stdio: 'inherit' });
    current.once('exit', (code, signal) => resolve({ code, signal }));
    current.once('error', (error) => {
      process.stderr.write(`npm start: ${error.message}\n`);
      resolve({ code: 1, signal: null });
    });
  });
}

/** Leaves as the child did: with its exit status, or by the signal that stopped it. */
function leave({ code, signal }) {
  const by = signal ?? stopping;
  if (by) {
    for (const s of SIGNALS) process.removeAllListeners(s);
    process.kill(process.pid, by);
    return;
  }
  process.exit(code ?? 1);
}

const build = await run(['build']);
if (build.code !== 0 || stopping) leave(build);
else leave(await run(['preview', ...process.argv.slice(2)]));
