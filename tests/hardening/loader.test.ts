/**
 * Bad input, the site build's catalog load: at each planted fault of `faults.ts`, the load the
 * content loaders run (`readVerifiedCatalog`, in this process) rejects, so the build stops at its
 * content sync; what it rejects with (the text the build prints) names every expected finding as
 * `file#pointer CODE error message`, holds no stack trace, and the catalog folder is byte-identical.
 *
 * A build would prove nothing more per case: `build.test.ts` runs real builds, one per layer that
 * reports findings and one per fault that could reach further into a build, that prove the build prints exactly these lines, exits 1 without a trace and leaves no
 * output folder.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { catalogLoad } from '../helpers/catalog-load.ts';
import { findingStart, parseFindings } from '../helpers/cli.ts';
import { treeDigest } from '../helpers/paths.ts';
import { remove } from '../helpers/site.ts';
import { FAULTS, plantedCatalog, STACK } from './faults.ts';

const temps: string[] = [];
afterAll(() => temps.forEach(remove));

describe('the build’s catalog load on a planted fault', () => {
  it.each(FAULTS.map((f) => [f.name, f] as const))('%s', async (_name, fault) => {
    const root = plantedCatalog(fault);
    temps.push(root);
    const before = treeDigest(root);
    const load = await catalogLoad(root);

    expect(load.stops, `${fault.title}: the build goes on`).toBe(true);
    expect(treeDigest(root), 'the catalog folder is byte-identical afterwards').toBe(before);
    const errors = parseFindings(load.printed).filter((f) => f.severity === 'error');
    for (const { message, ...want } of fault.expected) {
      expect(load.printed, fault.title).toMatch(findingStart(want));
      expect(errors, `${fault.title}\n${load.printed}`).toContainEqual(expect.objectContaining({ ...want, ...(message ? { message: expect.stringMatching(message) } : {}) }));
    }
    expect(load.printed).not.toMatch(STACK);
  });
});
