/**
 * The shapes of §10 as TypeScript types. Documents are validated (shape, then semantics) before
 * the engine trusts these types; annotations (`_…` keys) may appear in any object.
 */

/** A §12.3 condition. Exactly one form is expected where the spec says so; the engine checks that. */
export interface Condition {
  flag?: Record<string, string[]>;
  'value-form'?: Record<string, ValueForm[]>;
  'row-count'?: Record<string, RowCount>;
  any?: Condition[];
  all?: Condition[];
  row?: Record<string, RowScalar[]>;
  'row-has'?: Record<string, Record<string, RowScalar[]>>;
}

/** The forms a value can be supplied in (§10.4). */
export type ValueForm = 'number' | 'citation';
/** The three lengths `row-count` can ask for. */
export type RowCount = 'empty' | 'non-empty' | 'at-least-two';
/** A scalar that a `row` condition lists. */
export type RowScalar = string | number | boolean;

/** One answer option of a question (§10.3). */
export interface QuestionOption {
  meaning: string;
  semantics?: string;
  rationale?: string;
}

/** One question (§10.3). */
export interface Question {
  asks: string;
  options: Record<string, QuestionOption>;
  rationale?: string;
  guidance?: string;
  when?: Condition;
  otherwise?: string;
}

/** One value declaration (§10.4). */
export interface ValueDeclaration {
  description: string;
  range?: [number, number];
  forms?: ValueForm[];
  when?: Condition;
}

/** The contract form of a record field (§12.1). */
export interface FieldShape {
  type: 'string' | 'number' | 'integer' | 'citation';
  required?: boolean;
  when?: Pick<Condition, 'flag' | 'row'>;
  options?: string[];
  pattern?: 'kebab-case';
  unique?: boolean;
  description?: string;
  within?: [string | number, string | number];
}

/** One row-set declaration (§10.5). */
export interface RowSetDeclaration {
  description?: string;
  record: Record<string, FieldShape>;
  'when-empty'?: string;
}

/** An answer-aware rule (§10.6). */
export interface AnswerAwareRule {
  forbid: Condition;
  message: string;
  severity?: 'error' | 'warning';
}

/** A rule: a comparison line or an answer-aware object (§10.6). */
export type Rule = string | AnswerAwareRule;

/** The definition part of an adoption file, in the §10.2 table order. */
export interface Definition {
  contract: string;
  version: number;
  origin?: string;
  summary: string;
  mechanism: string[];
  questions: Record<string, Question>;
  declares: {
    values?: Record<string, ValueDeclaration>;
    rows?: Record<string, RowSetDeclaration>;
  };
  rules?: Record<string, Rule>;
  pack?: string;
}

/** A supplied value: a number or a value citation (§10.4). */
export type SuppliedValue = number | string;

/** One row of a row set (§10.5): a closed object. */
export type Row = Record<string, unknown>;

/** The inputs a template can take (§10.7). */
export interface VerificationInputs {
  scope?: string;
  seeds?: string[];
}

/** The designer part of an adoption (§10.2). */
export interface DesignerPart {
  answers: Record<string, string>;
  values: Record<string, SuppliedValue>;
  rows?: Record<string, Row[]>;
  verification?: Record<string, VerificationInputs>;
}

/** A whole adoption file. */
export type Adoption = Definition & DesignerPart;

/** A binding of a template (§10.7). */
export interface Binding {
  flag?: string;
  row_field?: string;
  map: Record<string, string>;
}

/** A template of a pack (§10.7). */
export interface Template {
  id: string;
  title: string;
  type: 'scenario' | 'general';
  expand: 'once' | 'per-row';
  test: Record<string, unknown>;
  text: string;
  when?: Pick<Condition, 'flag' | 'row'>;
  bindings?: Record<string, Binding>;
  collection?: string;
  inputs?: { scope?: { default?: string }; seeds?: { default?: string[] } };
}

/** A pack file (§10.7). */
export interface Pack {
  contract: string;
  version: number;
  templates: Template[];
}

/** The definition fields, in the order of the §10.2 table (used by §10.11 identity). */
export const DEFINITION_FIELDS = [
  'contract',
  'version',
  'origin',
  'summary',
  'mechanism',
  'questions',
  'declares',
  'rules',
  'pack',
] as const;

