/**
 * Sections a contract page and an adoption page share.
 * Pure: no DOM, no Node.
 */
import type { Section } from './sections.ts';

/** A contract page's "Questions": how many, or that there are none. */
export function answersSectionFor(questions: number, contractTitle: string): Section<'questions'> {
  return questions === 0
    ? { kind: 'questions', id: 'questions', heading: 'Questions', depth: 2, empty: `${contractTitle} asks no questions: its mechanism is the same for every game.` }
    : {
        kind: 'questions',
        id: 'questions',
        heading: 'Questions',
        depth: 2,
        count: String(questions),
        intro: 'Each adoption answers every question that is asked, with one of its options. A question that is not asked gives way to its “otherwise” text.',
      };
}
