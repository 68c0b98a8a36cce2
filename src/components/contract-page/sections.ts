/**
 * The one map from a contract page's section to the component that renders it. A section another
 * renders as its part maps to null: an about page's headings (its prose), the mechanism's parts
 * (Mechanism), "Tests by adoption" (Compare). Every kind must be mapped, so a new section in the
 * model fails the type check until it has a component here.
 */
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import type { ContractSectionKind } from '../../lib/site/model/contract.ts';
import Adoptions from './Adoptions.astro';
import Changes from './Changes.astro';
import Compare from './Compare.astro';
import Mechanism from './Mechanism.astro';
import Pack from './Pack.astro';
import Questions from './Questions.astro';
import RowSets from './RowSets.astro';
import Rules from './Rules.astro';
import Summary from './Summary.astro';
import Tests from './Tests.astro';
import Use from './Use.astro';
import Values from './Values.astro';

/** A contract page's section components, by section kind. */
export const CONTRACT_SECTIONS: Record<ContractSectionKind, AstroComponentFactory | null> = {
  about: null,
  changes: Changes,
  summary: Summary,
  mechanism: Mechanism,
  'mechanism-part': null,
  questions: Questions,
  values: Values,
  rules: Rules,
  'row-sets': RowSets,
  pack: Pack,
  tests: Tests,
  adoptions: Adoptions,
  'answers-by-adoption': Compare,
  'tests-by-adoption': null,
  use: Use,
};
