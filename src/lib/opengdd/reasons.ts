/**
 * Plain-English sentences for the structured reasons a template is not live, and for conditions.
 */
import { members, own } from './json.ts';
import type { NotLiveReason } from './templates.ts';
import type { Definition } from './types.ts';

/** `a`, `a or b`, `a, b or c` (each quoted with the given marks). */
export function orList(items: readonly unknown[], quote = (s: string) => s): string {
  const q = items.map((s) => quote(String(s)));
  return q.length <= 1 ? q.join('') : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
}

function asks(definition: Definition, question: string): string {
  const text = own<string>(own(definition.questions, question), 'asks');
  return typeof text === 'string' ? `“${text}” (${question})` : `“${question}”`;
}

/** One sentence saying why a template does not apply. */
export function describeReason(reason: NotLiveReason, definition: Definition): string {
  switch (reason.kind) {
    case 'question-not-asked':
      return reason.via === 'binding'
        ? `Its wording depends on ${asks(definition, reason.question)}, which is not asked under these answers.`
        : `It needs an answer to ${asks(definition, reason.question)}, which is not asked under these answers.`;
    case 'answered-otherwise':
      return `${asks(definition, reason.question)} is answered ${reason.answer}; it applies when the answer is ${orList(reason.allowed)}.`;
    case 'answer-missing':
      return `It waits on an answer to ${asks(definition, reason.question)}; it applies when the answer is ${orList(reason.allowed)}.`;
    case 'value-inactive':
      return `It cites the value ${reason.value}, which is not active under these answers and rows.`;
    case 'rows-empty':
      return `It runs once per row of ${reason.rowSet}, and this adoption lists no ${reason.rowSet} rows.`;
    case 'no-row-matches':
      return `It runs once per row of ${reason.rowSet} whose ${rowWords(reason.row)}; none of the ${reason.rowCount} row${reason.rowCount === 1 ? '' : 's'} does.`;
    case 'row-field-missing':
      return reason.required
        ? `It reads the ${reason.field} field of each ${reason.rowSet} row, and the matching rows lack it although it is required.`
        : `It reads the ${reason.field} field of each ${reason.rowSet} row, and no matching row supplies it.`;
  }
}

function rowWords(row: Record<string, unknown[]>): string {
  return members<unknown[]>(row)
    .map(([field, values]) => `${field} is ${orList(values)}`)
    .join(' and ');
}

