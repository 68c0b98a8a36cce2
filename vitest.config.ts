/**
 * The test suite: every `*.test.ts` under tests/ (engine units, the command line, conformance with
 * the corpus in ../shared, and the site's own tests). Run with `npx vitest run`.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // One conformance test spawns the real bin (tsx start-up), the rest run in-process.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
