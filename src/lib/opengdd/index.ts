/**
 * The OpenGDD v0.9 §10 engine: pure TypeScript shared by the build, the CLI and the browser island.
 * Node-only file reading lives in `./node/`.
 */
export * from './types.ts';
export * from './diagnostics.ts';
export { isObject, members, memberKeys, own, hasOwn, type Json, type JsonObject } from './json.ts';
export { designerState, evaluate, type DesignerState, type Evaluation, type QuestionState, type ValueState, type RuleResult } from './evaluate.ts';
export { analyzeTemplates, templateCounts, templateLiveness, expandTemplate, usedRowFields, type GeneratedTest, type NotLiveReason, type TemplateCounts, type TemplateOutcome } from './templates.ts';
export { renderTest, renderAdoptionTests, renderTestsMarkdown } from './render.ts';
export { analyzeAdoption, type AdoptionInput, type AdoptionReport, type PackInput } from './analyze.ts';
export { canonicalDefinition, definitionPart, firstDifference } from './identity.ts';
export { orList } from './reasons.ts';
export { adoptionSkeleton } from './skeleton.ts';
export { definitionChanges, type DefinitionChange, type ChangeArea } from './changes.ts';
export { editorSchema } from './editor-schema.ts';
export { explore, changeSummary, suppliedState, encodeState, decodeState, adoptionFromState, STAND_IN_ADOPTION, type TriedState, type Exploration } from "./explore.ts";
export { plainReport, type PlainAdoptionReport, type PlainEvaluation, type PlainQuestionState, type PlainValueState } from './plain.ts';
