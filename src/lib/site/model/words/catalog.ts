/**
 * The words of the catalog page and of its contract cards (and the status every contract page
 * shows beside its title).
 * Pure: no DOM, no Node.
 */
import type { BadgeState } from '../words.ts';
import type { Rich } from './site.ts';

/** The catalog page's own words. */
export const CATALOG_WORDS = {
  title: 'Contract catalog',
  description:
    'Reusable descriptions of game mechanisms. A game answers a contract’s questions in an adoption file; its verification pack turns the answers into acceptance tests.',
  lead: 'A contract describes one game mechanism and asks the questions two teams would otherwise answer differently. A game adopts it with one file of answers; the contract’s verification pack turns those answers into acceptance tests.',
  stepsLabel: 'How a contract is used',
  steps: [
    [{ strong: 'Pick a contract' }, ' for a mechanism your game has: a container, a timed window, a meter.'],
    [{ strong: 'Answer its questions' }, ' in ', { code: 'contracts/<name>.json' }, ', with your values and rows.'],
    [{ strong: 'Get acceptance tests' }, ' generated from your answers, for the build to pass.'],
  ] satisfies Rich[],
} as const;

/** A contract's card on a shelf. */
export const CARD_WORDS = {
  version: (n: number) => `Version ${n}`,
  alsoCalled: 'Also called',
  /** Counted: "3 test templates". */
  testTemplate: 'test template',
  also: ' · also ',
  olderVersion: (n: number) => `version ${n}`,
  noAdoption: 'No adoption yet.',
  adoptedAs: 'Adopted as',
  more: (n: number) => `${n} more`,
} as const;

/** Checked or promised (§10.8): neither says a build passed anything, so the title says what it means. */
export const STATUS_BADGES: Record<'checked' | 'promised', BadgeState> = {
  checked: { tone: 'ok', label: 'Checked', title: 'A verification pack generates acceptance tests for every adoption.' },
  promised: { tone: 'warn', label: 'Promised', title: 'No verification pack yet: the requirements bind the builder as prose.' },
};
