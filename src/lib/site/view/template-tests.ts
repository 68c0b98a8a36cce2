/**
 * The view of a live template's tests: a `data-template` / `data-live="true"` section holding as
 * many generated tests as a page shows, and the sentence for the rest. Styles in ExplorerTests.astro.
 */
import * as HOOKS from '../hooks.ts';
import { shownTests, type TemplateItem } from '../model/state.ts';
import { generatedTest } from './generated-test.ts';
import { h, type VNode } from './h.ts';

/** The tests of a template that applies. */
export function templateTests(item: Pick<TemplateItem, 'id' | 'tests'>): VNode {
  const { tests, cut } = shownTests(item);
  return h('section', { class: 'template-tests', [HOOKS.template]: item.id, [HOOKS.live]: 'true' }, tests.map(generatedTest), cut && h('p', { class: 'tests-cut' }, cut));
}
