/**
 * What the answer explorer computes and draws with, loaded by the island with `import()` as it
 * starts (with the definition and pack it fetches), so the page's own script holds only the
 * island's lifecycle: the engine's exploration and URL state, the tests' Markdown, the page
 * model's state and words, and the page's views (page-views.ts).
 */
export { changeSummary, decodeState, encodeState, explore, NO_TEST_CHANGES } from '../../lib/opengdd/explore.ts';
export { renderAdoptionTests } from '../../lib/opengdd/render.ts';
export { pageState, ruleChanges } from '../../lib/site/model/state.ts';
export { triedStateSentence } from '../../lib/site/tried-state.ts';
export { PageViews } from './page-views.ts';
