/**
 * The order test files start in (vitest.config.ts `sequence.sequencer`): the longest files first,
 * so the run does not end with one of them still going while the other workers sit idle.
 *
 * Vitest's own order (failed first, then longest by the durations of the last run, else the
 * largest file first, one project after the other) knows nothing on a fresh clone, where the
 * README's test command runs: there the crawl of the corpus, the longest file by far but a small
 * one, would start after every other site file. {@link LONG_FIRST} names the long files, in the
 * order they start; every other file keeps vitest's order after them.
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (the browser tests over whole sites, and the files that make many
 * builds), relative to the repository root, longest first.
 */
export const LONG_FIRST = [
  'tests/crawl/crawl-corpus.test.ts',
  'tests/e2e/explorer.test.ts',
  'tests/hardening/injection.test.ts',
  'tests/hardening/build.test.ts',
  'tests/crawl/crawl-embedded.test.ts',
  'tests/dev/start.test.ts',
];

/** Vitest's order, with {@link LONG_FIRST} moved to the front. */
export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = LONG_FIRST.indexOf(path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/'));
      return i === -1 ? LONG_FIRST.length : i;
    };
    // Array.prototype.sort is stable: the files not named keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
