/**
 * The words of a contract version's page that are not a section's heading or sentence (those are
 * the page model's, see contract.ts): its head, the pack's facts, how to adopt it, and the notice
 * on an older version's pages.
 * Pure: no DOM, no Node.
 */
import type { Rich } from './site.ts';

/** A contract page's own words. */
export const CONTRACT_WORDS = {
  /** The search filter's value for a contract page. */
  kind: 'Contract',
  alsoCalled: 'Also called',
  origin: ' · origin ',
  description: (title: string, version: number, benefit: string) => `${title} (version ${version}): ${benefit}`,
  newerWhat: 'this contract',
  digest: 'Digest',
  file: 'File',
  use: (contract: string): Rich => [
    'Put one file per adoption in your package’s ',
    { code: 'contracts/' },
    ' folder, named after the adoption (for example ',
    { code: `contracts/my-${contract}.json` },
    '). Start from the empty adoption below, then fill in ',
    { code: 'answers' },
    ', ',
    { code: 'values' },
    ' and ',
    { code: 'rows' },
    '.',
  ],
  /** The social card's kicker. */
  cardKicker: (cv: string) => `OpenGDD contract · ${cv}`,
  /** The contract as a title names it: "Container, version 1". */
  name: (title: string, version: number) => `${title}, version ${version}`,
  copyEmpty: 'Copy an empty adoption',
  emptyAdoption: 'An empty adoption',
  schema: 'JSON Schema for editors',
} as const;

/** The notice on every page of an older version. */
export const NEWER_WORDS = {
  label: 'A newer version exists',
  shows: (what: string, version: number, newest: number) => `This page shows ${what} in version ${version}, as published. Version ${newest} is the newest: `,
  samePage: (newest: number) => `the same page in version ${newest}`,
  noSamePage: 'it has no page of the same name; see ',
  contractPage: (newest: number) => `version ${newest} of the contract`,
  end: '.',
} as const;
