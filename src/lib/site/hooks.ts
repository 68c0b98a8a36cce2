/**
 * Every `data-*` name the answer explorer reads or writes, defined once: the components and views
 * write them, the island finds its way back by them. Those tools rely on too keep their spelling
 * (`data-test-name`, `data-template` + `data-live`); so do the radios (`name` = question id,
 * `value` = option id) and the tried state in the URL, which are not `data-*` names.
 * Each name is its own export, so a bundle keeps only the names it uses; import them as a
 * namespace: `import * as HOOKS from '…/hooks.ts'`. Pure: no DOM, no Node.
 */
// The explorer's own element and controls.
export const action = 'data-action';
/** On `<answer-explorer>`: `supplied`, `empty` or `tried`; with the count of tests and live templates. */
export const explorerState = 'data-state';
export const tests = 'data-tests';
export const liveTemplates = 'data-live-templates';
/** A copy button's `<template>`: the tests' Markdown. */
export const copyTarget = 'data-target';
/** The export dialog's parts. */
export const exportStatus = 'data-export-status';
export const exportVerdict = 'data-export-verdict';
export const exportGaps = 'data-export-gaps';
export const exportProblems = 'data-export-problems';
export const exportJson = 'data-export-json';
export const change = 'data-change';
export const testCount = 'data-test-count';
export const ready = 'data-ready';
export const failed = 'data-failed';
// Questions, values, rules.
export const question = 'data-question';
export const asked = 'data-asked';
export const answer = 'data-answer';
export const questionState = 'data-question-state';
export const choice = 'data-choice';
export const otherwise = 'data-otherwise';
export const ignored = 'data-ignored';
export const pending = 'data-pending';
export const tryValue = 'data-try-value';
export const value = 'data-value';
export const active = 'data-active';
export const activeBadge = 'data-active-badge';
export const valueBadge = 'data-value-badge';
export const rule = 'data-rule';
export const status = 'data-status';
// Sections and their counts.
export const sectionCount = 'data-section-count';
export const sectionIntro = 'data-section-intro';
// Badges (StateBadge / view/badge.ts).
export const tone = 'data-tone';
export const stateLabel = 'data-state-label';
/** A callout's kind (`when-empty`, `otherwise`), which base.css styles. */
export const calloutState = 'data-state';
// Tests and templates.
export const testName = 'data-test-name';
export const testType = 'data-test-type';
export const field = 'data-field';
export const template = 'data-template';
export const live = 'data-live';
export const templateState = 'data-template-state';
export const templateFile = 'data-template-file';
export const drawn = 'data-drawn';
export const testsLive = 'data-tests-live';
export const testsWaiting = 'data-tests-waiting';
export const testsOff = 'data-tests-off';
export const testsMarkdown = 'data-tests-markdown';
export const testsDownload = 'data-tests-download-wrap';
// Rows.
export const rowset = 'data-rowset';
export const rowCount = 'data-row-count';
export const rowId = 'data-row-id';
export const rowsCut = 'data-rows-cut';
export const rowsEditor = 'data-rows-editor';
export const editorBody = 'data-editor-body';
export const built = 'data-built';
/** In the rows editor: an input's row and field, a row's remove button, the add button. */
export const row = 'data-row';
export const remove = 'data-remove';
export const add = 'data-add';

/** One of the explorer's `data-*` names. */
export type Hook = `data-${string}`;

/** A selector for elements carrying a hook, or carrying it with a value (escape it with `CSS.escape` in a browser). */
export const sel = (hook: Hook, value?: string): string => (value === undefined ? `[${hook}]` : `[${hook}="${value}"]`);

/** A hook as attributes to spread on an element in a component: `<div {...hook(HOOKS.testsLive)}>`; none for `undefined`. */
export function hook(name: Hook, ...value: [] | [string | number | undefined]): Record<string, string> {
  if (value.length === 0) return { [name]: '' };
  return value[0] === undefined ? {} : { [name]: String(value[0]) };
}
