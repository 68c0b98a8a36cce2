/**
 * The words and badge states the answer explorer shows, shared by the static pages (Astro
 * components) and the island, so the first paint and every later update say the same thing.
 * Pure: no DOM, no Node.
 */
import { countsSentence } from '../../lib/opengdd/explore.ts';
import { describeReason } from '../../lib/opengdd/reasons.ts';
import type { NotLiveReason } from '../../lib/opengdd/templates.ts';
import type { Definition } from '../../lib/opengdd/types.ts';

/** The tone of a state badge (see StateBadge.astro). */
export type Tone = 'ok' | 'muted' | 'warn' | 'danger' | 'info';

/** A badge: tone and the text label that alone carries the meaning. */
export interface BadgeState {
  tone: Tone;
  label: string;
}

/** The glyph drawn before a badge's label. */
export const GLYPH: Record<Tone, string> = { ok: '✓', muted: '–', warn: '!', danger: '✕', info: '•' };

/** Which page an explorer sits on: a contract (no adoption supplies anything) or an adoption. */
export type PageKind = 'contract' | 'adoption';

/** A question's state badge. */
export function questionBadge(asked: boolean): BadgeState {
  return asked ? { tone: 'ok', label: 'Asked' } : { tone: 'muted', label: 'Not asked' };
}

/** A rule outcome's badge; an answer-aware rule that fires is as serious as its severity. */
export function ruleBadge(status: string, severity?: string): BadgeState {
  switch (status) {
    case 'holds':
      return { tone: 'ok', label: 'Holds' };
    case 'fails':
      return { tone: 'danger', label: 'Fails' };
    case 'skipped':
      return { tone: 'muted', label: 'Skipped' };
    case 'fires':
      return { tone: severity === 'warning' ? 'warn' : 'danger', label: 'Triggered' };
    case 'quiet':
      return { tone: 'ok', label: 'Not triggered' };
    default:
      return { tone: 'danger', label: 'Cannot be checked' };
  }
}

/** Whether a rule's message is worth showing under it (not for a rule that holds or stays quiet). */
export function showsRuleMessage(status: string): boolean {
  return status !== 'holds' && status !== 'quiet';
}

/** The badge of a value's "supplied" cell on an adoption page. */
export function valueBadge(v: { active: boolean; supplied?: unknown; form?: string }): BadgeState {
  if (v.supplied !== undefined) {
    if (!v.form) return { tone: 'danger', label: 'Not a number or citation' };
    return { tone: v.active ? 'ok' : 'danger', label: v.form === 'citation' ? 'Citation' : 'Number' };
  }
  return v.active ? { tone: 'danger', label: 'Missing' } : { tone: 'muted', label: 'Not needed' };
}

/** The badge of a value declaration's "active" state. */
export function activeBadge(active: boolean): BadgeState {
  return active ? { tone: 'ok', label: 'Active' } : { tone: 'muted', label: 'Inactive' };
}

/**
 * Why a template does not apply, in one sentence. On a contract page no adoption lists rows yet,
 * so a per-row template explains how it expands instead of blaming an adoption that does not exist.
 */
export function reasonSentence(reason: NotLiveReason, definition: Definition, page: PageKind, collection?: string): string {
  if (page === 'contract' && reason.kind === 'rows-empty') {
    return `It expands once per row of ${collection ?? reason.rowSet}: each matching row an adoption lists gives one test.`;
  }
  return describeReason(reason, definition);
}

/** The count line, in the engine's wording so static pages and the island agree. */
export function countLine(tests: number, live: number, total: number): string {
  return countsSentence({ tests, live, templates: total });
}

/** What the explorer works on: the page's own state (embedded) with the definition and pack (fetched: see data.ts). */
export interface ExplorerData {
  page: PageKind;
  /** `<contract>-<version>`. */
  cv: string;
  /** The adoption id (the stand-in on a contract page). */
  adoption: string;
  /** The definition part, as in `definition.json`. */
  definition: Definition;
  /** The pack, when one is published. */
  pack: { contract: string; version: number; templates: unknown[] } | null;
  /** `sha256:…` of the pack file, for checking a copied adoption. */
  packDigest: string | null;
  /** The answers, values and rows the adoption supplies (empty on a contract page). */
  supplied: { answers: Record<string, string>; values: Record<string, number | string>; rows: Record<string, Record<string, unknown>[]> };
  /** The adoption's verification inputs. */
  verification: Record<string, unknown>;
}

/** JSON for an inline `<script type="application/json">`: nothing in it can close the element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
