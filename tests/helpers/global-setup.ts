/**
 * Global setup of the site project (vitest.config.ts): names this run's folder for the shared
 * builds (`shared-builds.ts`), and removes it when the run ends. Folders of earlier runs whose
 * process is gone (a run that was killed) are removed too.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { alive, SHARED_SITES } from './site.ts';

export default function setup(project: TestProject): () => void {
  const run = `run-${process.pid}`;
  if (existsSync(SHARED_SITES)) {
    for (const name of readdirSync(SHARED_SITES)) {
      const pid = Number(/^(?:run|local)-(\d+)$/.exec(name)?.[1]);
      if (Number.isInteger(pid) && pid !== process.pid && !alive(pid)) rmSync(path.join(SHARED_SITES, name), { recursive: true, force: true });
    }
  }
  project.provide('opengddSitesRun', run);
  return () => rmSync(path.join(SHARED_SITES, run), { recursive: true, force: true });
}
