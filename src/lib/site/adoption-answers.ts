/**
 * How a contract version's adoptions answer it, for its contract page: per question, which
 * adoptions chose each option (and which were not asked it); per template, how many tests each
 * adoption generates from it, and why a template no adoption exercises stays unused. Computed at
 * build time by the engine from the adoption documents. Pure: no Astro, no Node.
 */
import { explore, suppliedState } from '../opengdd/explore.ts';
import { isObject, memberKeys, own } from '../opengdd/json.ts';
import type { Definition, Pack } from '../opengdd/types.ts';
import { ANSWERS_WORDS, humanize as humanName, reasonSentence } from './model/words.ts';
import { adoptionUrl, withBase } from './urls.ts';

/** `<cv>.adoptions.json` beside the definition page: {@link publishedAnswers} of that version. */
export const adoptionAnswersUrl = (cv: string): string => withBase(`/contracts/${cv}/${cv}.adoptions.json`);

/** An adoption as the page names and links it. */
export interface AdoptionRef {
  id: string;
  /** The humanized id ("Boss stagger"). */
  name: string;
}

/** One option of a question and the adoptions whose answer (asked, answered) is that option. */
export interface OptionTally {
  option: string;
  name: string;
  adoptions: AdoptionRef[];
}

/** How the adoptions answer one question. */
export interface QuestionTally {
  id: string;
  asks: string;
  options: OptionTally[];
  /** Adoptions the question is not asked of (its `when` does not hold for them). */
  notAsked: AdoptionRef[];
  /** Adoptions asked the question that give no answer (an incomplete adoption; usually none). */
  unanswered: AdoptionRef[];
}

/** One sentence why a template does not apply, and the adoptions it does not apply to for that reason. */
export interface UnusedReason {
  reason: string;
  adoptions: AdoptionRef[];
}

/** One template's row of the matrix. */
export interface TemplateUse {
  id: string;
  title: string;
  perRow: boolean;
  /** Tests generated from this template, per adoption (in `adoptions` order); 0 where it does not apply. */
  tests: number[];
  /** Only for a template no adoption exercises: why, grouped by reason, in first-seen order. */
  unused?: UnusedReason[];
}

/** Everything the contract page's "How adoptions answer" and "Tests by adoption" sections show. */
export interface AdoptionAnswers {
  adoptions: AdoptionRef[];
  questions: QuestionTally[];
  templates: TemplateUse[];
  /** Per adoption (in order), the answer that counts for each question (in `questions` order), or null. */
  answers: (string | null)[][];
}

/** An adoption document with its id, as the catalog holds it. */
export interface AdoptionDocument {
  id: string;
  document: unknown;
}

/** Runs the engine on every adoption of a definition version and tallies the outcome. */
export function adoptionAnswers(definition: Definition, pack: Pack | undefined, docs: readonly AdoptionDocument[]): AdoptionAnswers {
  const adoptions = docs.map((d) => ({ id: d.id, name: humanName(d.id) }));
  const runs = docs.map((d) => {
    const verification = own(d.document, 'verification');
    return explore(definition, pack, d.id, suppliedState(d.document), isObject(verification) ? verification : {});
  });
  const questionIds = memberKeys(definition.questions);
  const answers = runs.map((run) =>
    questionIds.map((q) => {
      const state = run.evaluation.questions.find((s) => s.id === q);
      return state?.counted && state.answer !== undefined ? state.answer : null;
    }),
  );
  const questions = questionIds.map((id, qi): QuestionTally => {
    const question = definition.questions[id]!;
    const asked = (ai: number) => runs[ai]!.evaluation.asked(id);
    return {
      id,
      asks: question.asks,
      options: memberKeys(question.options).map((option) => ({
        option,
        name: humanName(option),
        adoptions: adoptions.filter((_, ai) => answers[ai]![qi] === option),
      })),
      notAsked: adoptions.filter((_, ai) => !asked(ai)),
      unanswered: adoptions.filter((_, ai) => asked(ai) && answers[ai]![qi] === null),
    };
  });
  const templates = (pack?.templates ?? []).map((template, ti): TemplateUse => {
    const outcomes = runs.map((run) => run.templates[ti]!);
    const tests = outcomes.map((o) => (o.live ? o.tests.length : 0));
    const use: TemplateUse = { id: template.id, title: template.title, perRow: template.expand === 'per-row', tests };
    if (tests.every((n) => n === 0)) {
      const grouped = new Map<string, AdoptionRef[]>();
      outcomes.forEach((o, ai) => {
        for (const reason of new Set(o.reasons.map((r) => reasonSentence(r, definition, 'adoption')))) {
          grouped.set(reason, [...(grouped.get(reason) ?? []), adoptions[ai]!]);
        }
      });
      use.unused = [...grouped].map(([reason, list]) => ({ reason, adoptions: list }));
    }
    return use;
  });
  return { adoptions, questions, templates, answers };
}

/** What the per-question tally shows folded: "Slot count 2 · Size budget 1 · not asked 1". */
export function tallyLine(q: QuestionTally): string {
  const parts = q.options.filter((o) => o.adoptions.length).map((o) => `${o.name} ${o.adoptions.length}`);
  if (q.notAsked.length) parts.push(ANSWERS_WORDS.notAsked(q.notAsked.length));
  if (q.unanswered.length) parts.push(ANSWERS_WORDS.noAnswer(q.unanswered.length));
  return parts.length ? parts.join(' · ') : ANSWERS_WORDS.none;
}

/** The matrix's lead: "3 adoptions exercise 12 of the 14 templates; the other 2 are not exercised." */
export function matrixLine(a: AdoptionAnswers): string {
  const used = a.templates.filter((t) => !t.unused).length;
  const unused = a.templates.length - used;
  const n = a.adoptions.length;
  const t = a.templates.length;
  const W = ANSWERS_WORDS.matrix;
  if (t === 0) return W.noTemplates;
  if (n === 0) return W.noAdoptions(t);
  const who = W.who(n);
  if (t === 1) return used ? W.oneTemplate(who) : W.oneTemplateUnused(n);
  if (used === 0) return W.noneUsed(who, t);
  const head = W.head(who, used, t);
  if (!unused) return W.allUsed(head);
  return W.someUnused(head, unused);
}

/** The shape of `<cv>.adoptions.json`: the figures with adoptions named by id, and their page addresses. */
export interface PublishedAnswers {
  definition: string;
  adoptions: (AdoptionRef & { url: string })[];
  questions: (Omit<QuestionTally, 'options' | 'notAsked' | 'unanswered'> & {
    options: (Omit<OptionTally, 'adoptions'> & { adoptions: string[] })[];
    notAsked: string[];
    unanswered: string[];
  })[];
  templates: (Omit<TemplateUse, 'unused'> & { unused?: { reason: string; adoptions: string[] }[] })[];
}

/**
 * The published `<cv>.adoptions.json`: the same figures, with each adoption's page address, for the
 * contract page's matrix (drawn from it when opened) and for anyone comparing adoptions.
 */
export function publishedAnswers(cv: string, a: AdoptionAnswers): PublishedAnswers {
  const ids = (list: AdoptionRef[]) => list.map((x) => x.id);
  return {
    definition: cv,
    adoptions: a.adoptions.map((x) => ({ ...x, url: adoptionUrl(cv, x.id) })),
    questions: a.questions.map((q) => ({
      ...q,
      options: q.options.map((o) => ({ ...o, adoptions: ids(o.adoptions) })),
      notAsked: ids(q.notAsked),
      unanswered: ids(q.unanswered),
    })),
    templates: a.templates.map(({ unused, ...t }) => (unused ? { ...t, unused: unused.map((u) => ({ reason: u.reason, adoptions: ids(u.adoptions) })) } : t)),
  };
}

/** The "How adoptions answer" section's sentence. */
export function answersIntro(a: AdoptionAnswers): string {
  const n = a.adoptions.length;
  return n === 0 ? ANSWERS_WORDS.intro.none : ANSWERS_WORDS.intro.some(n);
}
