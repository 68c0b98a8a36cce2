/**
 * The test suite, as two projects; `npx vitest run` (`npm test`) runs both.
 *
 * - `unit` (`npm run test:unit`): everything that runs in-process, about a minute — the engine, the
 *   command line, conformance with the corpus in ../shared, schemas, the explorer's pure code, and
 *   the planted faults checked through `check` and through the build's own catalog load.
 * - `site`: what needs `astro build` or a browser — the built site, the explorer and the crawl in
 *   Chromium, the dev server, and the hardening builds that prove a faulty catalog stops the build.
 *   Each catalog is built once per run and shared (tests/helpers/shared-builds.ts), ahead of the
 *   builds a test makes of its own.
 *
 * A test file lands in a project by its folder, so a new file needs no entry here: `site` takes
 * the folders below, `unit` takes every other `*.test.ts` under tests/. Both projects share the
 * workers; the longest files start first (tests/sequencer.ts names them).
 */
import os from 'node:os';
import { defineConfig } from 'vitest/config';
import LongFirstSequencer from './tests/sequencer.ts';

/** Test files that build the site or drive a browser (`*.build.test.ts` anywhere, too). */
const SITE = ['tests/{site,e2e,crawl,dev}/**/*.test.ts', 'tests/hardening/{build,injection,page-bound}.test.ts', 'tests/**/*.build.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    // One conformance test spawns the real bin (tsx start-up), the rest run in-process.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // The longest files start first, so none is left running alone at the end (tests/sequencer.ts).
    sequence: { sequencer: LongFirstSequencer },
    // Three files at a time on 2 cores (vitest's default there is one): a site file waits much of
    // its time on the build lock, a child process (astro build, Chromium) or a page, and another
    // file fills it. Builds still run one at a time (tests/helpers/site.ts takes a lock).
    // `--maxWorkers` overrides it.
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/**/*.test.ts'], exclude: SITE } },
      { extends: true, test: { name: 'site', include: SITE, globalSetup: ['tests/helpers/global-setup.ts'] } },
    ],
  },
});
