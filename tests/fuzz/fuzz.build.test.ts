/**
 * The fuzzer's build sample in the suite: the site's build of two seeded cases agrees with
 * `check` (fails exactly when it reports an error, prints its error lines, with their places, and
 * no stack trace). Builds take seconds, so the suite builds two; `npm run fuzz -- --builds K`
 * builds more.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { corpusDir, corpusPresent, repoRoot } from '../helpers/paths.ts';
import { buildAgrees } from './agreement.ts';
import { sources, workspaces } from './campaign.ts';

const SEED = 21;
const spaces = workspaces(sources(repoRoot, corpusDir, corpusPresent));
afterAll(() => spaces.dispose());

describe(`the build agrees with check (seed ${SEED})`, () => {
  // Case 0 checks clean and builds; case 1 has errors and stops the build.
  it.each([0, 1])('case %i', async (index) => {
    expect(await buildAgrees(spaces.all, SEED, index)).toEqual([]);
  }, 300_000);
});
