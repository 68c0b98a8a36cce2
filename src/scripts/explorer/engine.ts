/**
 * What the answer explorer computes with, loaded by the island with `import()` as it starts (with
 * the definition and pack it fetches), so the page's own script stays small: the engine's
 * exploration and URL state, the tests' Markdown, the page model's state and words, and the
 * views the island redraws (`lib/site/view/`) with the renderer's DOM half.
 */
export { changeSummary, decodeState, encodeState, explore, NO_TEST_CHANGES } from '../../lib/opengdd/explore.ts';
export { renderAdoptionTests } from '../../lib/opengdd/render.ts';
export { answersSection } from '../../lib/site/model/adoption.ts';
export { pageState, ruleChanges } from '../../lib/site/model/state.ts';
export { triedStateSentence } from '../../lib/site/tried-state.ts';
export { templateBody as templateBodyModel } from '../../lib/site/model/template.ts';
export { definitionNaming } from '../../lib/site/model/words.ts';
export { badge } from '../../lib/site/view/badge.ts';
export { notLiveTemplate } from '../../lib/site/view/not-live-template.ts';
export { templateBody, templateReasons } from '../../lib/site/view/template-body.ts';
export { templateTests } from '../../lib/site/view/template-tests.ts';
export { toDom, toElement } from './to-dom.ts';
