#!/usr/bin/env node
// Runs the TypeScript command line through tsx, so the CLI and the site share one engine source.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // A bug, not bad input (bad input is a diagnostic): say so in one line and exit 2.
  process.stderr.write(`opengdd-catalog: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
