/**
 * The words of an adoption's page that are not a section's heading or sentence (those are the
 * page model's, see adoption.ts): its head, the verification inputs' table, the findings, the file
 * and its own page, and the social card.
 * Pure: no DOM, no Node.
 */
import type { Rich } from './site.ts';

/** An adoption page's own words. */
export const ADOPTION_WORDS = {
  /** The search filter's value for an adoption page. */
  kind: 'Adoption',
  kicker: 'Adoption of ',
  idTitle: (adoption: string) => `The adoption's id: its file is contracts/${adoption}.json`,
  newerWhat: 'this adoption',
  verification: { label: 'Verification inputs', test: 'Test', scope: 'Scope', seeds: 'Seeds', default: 'default' },
  severity: { error: 'Error', warning: 'Warning' },
  file: {
    published: (adoption: string): Rich => [
      ' It is published as ',
      { code: `contracts/${adoption}.json` },
      ': the definition part copied unchanged, then this game’s answers, values, rows and verification inputs.',
    ],
    zip: (adoption: string, withPack: boolean) => `${adoption}.zip${withPack ? ' (with the pack)' : ''}`,
    copy: 'Copy the file',
    show: (adoption: string, lines: string) => `Show ${adoption}.json (${lines})`,
    frameTitle: (adoption: string) => `${adoption}.json, as published`,
    open: (adoption: string) => `Open ${adoption}.json on a page of its own`,
    tooLong: (adoption: string, lines: string, kb: number) =>
      `${adoption}.json has ${lines} (${kb.toLocaleString('en-US')} KB): too long to show on this page. Download it above.`,
  },
  filePage: {
    title: (file: string) => `${file}, as published`,
    back: 'Back to the adoption’s page',
    tooLong: (file: string) => `${file} is too long to show here: download it from the adoption’s page.`,
  },
  card: {
    kicker: (cv: string) => `OpenGDD adoption · ${cv}`,
    /** An editor's title of the adoption schema. */
    schemaTitle: (title: string, version: number, cv: string) => `An adoption of ${title} ${version} (${cv})`,
    /** A version-free address's title in catalog.json. */
    latestTitle: (adoption: string, what: string) => `${adoption} · adoption of ${what}`,
    promised: 'No tests yet: the pack is promised',
  },
} as const;
