/**
 * The sentence that says why a template does not apply: the engine's `describeReason`, which the
 * answer explorer uses too, so the static page and the island always word a reason the same way.
 */
export { describeReason as reasonSentence } from '../opengdd/index.ts';
