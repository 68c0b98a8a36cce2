/**
 * The one map from an adoption page's section to the component that renders it. The templates
 * that wait and those that do not apply are parts of the tests section (ExplorerTests renders
 * them), so they map to null. Every section must be mapped, so a new one in the model fails the
 * type check until it has a component here.
 */
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import type { AdoptionSectionId } from '../../lib/site/model/sections.ts';
import Answers from './Answers.astro';
import File from './File.astro';
import Findings from './Findings.astro';
import Rows from './Rows.astro';
import Rules from './Rules.astro';
import Tests from './Tests.astro';
import Values from './Values.astro';
import Verification from './Verification.astro';

/** An adoption page's section components, by section id. */
export const ADOPTION_SECTIONS: Record<AdoptionSectionId, AstroComponentFactory | null> = {
  answers: Answers,
  values: Values,
  rules: Rules,
  rows: Rows,
  verification: Verification,
  tests: Tests,
  waiting: null,
  'not-applying': null,
  findings: Findings,
  file: File,
};
