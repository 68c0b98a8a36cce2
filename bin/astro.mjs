#!/usr/bin/env node
// Astro's command line (`node bin/astro.mjs build`, as `npm run build` and `npm start` run it) with
// the memory allocators set for a large catalog. The settings must be in the environment before the
// process starts (glibc reads them as it first allocates, Rolldown's allocator as Vite loads it,
// before astro.config.mjs), so this file replaces itself with Astro's command line (`execve`),
// which costs no second process. Where Node cannot replace a process (Windows), Astro runs here as
// it would have: the settings do nothing there.
import { fileURLToPath } from 'node:url';
import { ALLOCATOR_SETTINGS } from './allocator-settings.mjs';

const astroUrl = new URL('../node_modules/astro/bin/astro.mjs', import.meta.url);
const astro = fileURLToPath(astroUrl);

if (typeof process.execve === 'function' && process.platform !== 'win32') {
  // A setting already in the environment is the caller's choice, and stays.
  process.execve(process.execPath, [process.execPath, ...process.execArgv, astro, ...process.argv.slice(2)], { ...ALLOCATOR_SETTINGS, ...process.env });
} else {
  process.argv[1] = astro;
  // A URL, not the path: import() of a Windows path (C:\…) fails.
  await import(astroUrl.href);
}
