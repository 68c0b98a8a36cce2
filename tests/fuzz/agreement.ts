/**
 * Whether the site's build agrees with `check` on one fuzz case: it fails exactly when `check`
 * reports an error, prints the same error lines, and prints no stack trace. A build takes seconds,
 * so a campaign builds only a sample of its cases.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSite, remove } from '../helpers/site.ts';
import { checkInProcess, planCase, TRACE, type Workspace } from './campaign.ts';

/** Builds case `index` of the campaign seeded `seed`; returns how the build disagreed (empty: it agreed). */
export async function buildAgrees(all: Workspace[], seed: number, index: number): Promise<string[]> {
  const plan = planCase(all, seed, index);
  const abs = path.join(plan.workspace.root, plan.file);
  const original = readFileSync(abs);
  writeFileSync(abs, plan.bytes);
  try {
    const check = await checkInProcess(['check', '--catalog', plan.workspace.root]);
    const errorLines = check.out.split('\n').filter((l) => / [A-Z][A-Z_]+ error /.test(l));
    const build = buildSite(plan.workspace.root, 'fuzz');
    remove(build.outDir);
    const problems: string[] = [];
    const failed = build.status !== 0;
    if (failed !== errorLines.length > 0) problems.push(`the build ${failed ? 'failed' : 'passed'} while check reported ${errorLines.length} errors (${plan.what})`);
    const output = build.output.replace(/\u001b\[[0-9;]*m/g, '');
    const missing = errorLines.filter((l) => !output.includes(l));
    if (missing.length) problems.push(`the build did not print ${missing.length} of check's error lines, e.g. ${missing[0]}`);
    if (TRACE.test(output)) problems.push('the build printed a stack trace');
    return problems;
  } finally {
    writeFileSync(abs, original);
  }
}
