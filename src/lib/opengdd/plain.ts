/**
 * A plain-data view of an adoption report: no closures and no copies of the definition, so a
 * build can store it (Astro's content layer) and a page can embed it.
 */
import type { Diagnostic } from './diagnostics.ts';
import type { AdoptionReport } from './analyze.ts';
import type { QuestionState, RuleResult, ValueState } from './evaluate.ts';
import type { GeneratedTest, TemplateOutcome } from './templates.ts';

/** A question's state without the question it came from. */
export type PlainQuestionState = Omit<QuestionState, 'question'>;
/** A value's state without the declaration it came from. */
export type PlainValueState = Omit<ValueState, 'declaration'>;

/** The evaluation, as data. */
export interface PlainEvaluation {
  questions: PlainQuestionState[];
  values: PlainValueState[];
  rules: RuleResult[];
}

/** The report, as data. */
export interface PlainAdoptionReport {
  diagnostics: Diagnostic[];
  evaluation: PlainEvaluation;
  templates: TemplateOutcome[];
  tests: GeneratedTest[];
  markdown: string;
}

/** Copies the data out of a report, leaving its functions and definition copies behind. */
export function plainReport(report: AdoptionReport): PlainAdoptionReport {
  return {
    diagnostics: report.diagnostics,
    evaluation: {
      questions: report.evaluation.questions.map(({ question: _question, ...rest }) => rest),
      values: report.evaluation.values.map(({ declaration: _declaration, ...rest }) => rest),
      rules: report.evaluation.rules,
    },
    templates: report.templates,
    tests: report.tests,
    markdown: report.markdown,
  };
}
