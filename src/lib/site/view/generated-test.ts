/**
 * The view of one generated acceptance test, folded: the summary shows its name and title (search
 * finds it by them); the body shows the test block laid out for reading and its text (the exact
 * blocks are in the tests' Markdown). `data-test-name` is the stable hook tools rely on. Styles in
 * GeneratedTest.astro.
 */
import type { GeneratedTest } from '../../opengdd/templates.ts';
import * as HOOKS from '../hooks.ts';
import { testViewRows } from '../test-view.ts';
import { testAnchor } from '../urls.ts';
import { h, type VNode } from './h.ts';
import { testBlock } from './test-block.ts';

/** A generated test (as stored or as the engine makes it). */
export const generatedTest = (test: Pick<GeneratedTest, 'name' | 'title' | 'text'> & { test: Record<string, unknown> }): VNode =>
  // The anchor is on a heading inside the summary: search shows a test as a section of its page by its heading.
  h(
    'details',
    { class: 'test fold', [HOOKS.testName]: test.name },
    h(
      'summary',
      null,
      // Read in the order of the tests' Markdown ("AT <name>", then its title); shown title first.
      // The name is an identifier: a browser's page translation must leave it as written.
      h(
        'h3',
        { class: 'test-heading', id: testAnchor(test.name) },
        h('span', { class: 'at' }, 'AT'),
        ' ',
        h('code', { class: 'name', translate: 'no' }, test.name),
        ' ',
        h('span', { class: 'title' }, test.title),
      ),
    ),
    // Search finds a test by its name and title; its steps repeat the pack's template (indexed on the contract page).
    h('div', { class: 'fold-body', 'data-pagefind-ignore': true }, testBlock(String(test.test.type), testViewRows(test.test)), h('p', { class: 'text' }, test.text)),
  );
