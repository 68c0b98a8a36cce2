/**
 * The Content-Security-Policy of a built page, read from its file: the policy Astro writes in a
 * `<meta http-equiv="content-security-policy">` (or the one of a page written after the build), and
 * what the page holds that the policy must allow. A policy in a `<meta>` covers only what follows
 * it, so every script and style must come after it.
 */
import { createHash } from 'node:crypto';
import { decode } from './links.ts';

/** A directive's sources, by directive name. */
export type Policy = Map<string, string[]>;

/** Sources that would let injected code run. */
const UNSAFE = ["'unsafe-inline'", "'unsafe-eval'"];

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Parses a policy's text (`script-src 'self' …; style-src …`). */
export function parsePolicy(text: string): Policy {
  const policy: Policy = new Map();
  for (const part of text.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) policy.set(name.toLowerCase(), sources);
  }
  return policy;
}

/** The sources that apply to `directive` (CSP's fallback: `script-src-elem` → `script-src` → `default-src`). */
function sourcesFor(policy: Policy, directive: string): string[] | undefined {
  const family = directive.replace(/-(elem|attr)$/, '');
  return policy.get(directive) ?? policy.get(family) ?? policy.get('default-src');
}

/** What is wrong with one page's policy, one sentence each (empty: the page is strict). */
export function policyProblems(html: string): string[] {
  const problems: string[] = [];
  const metas = [...html.matchAll(/<meta\s[^>]*http-equiv="content-security-policy"[^>]*>/gi)];
  const code = /<script\b|<style\b|<link\s[^>]*rel="stylesheet"|\sstyle="|\son[a-z]+=/i.exec(html);
  if (metas.length === 0) {
    if (code) problems.push(`has no policy but holds ${code[0].trim()}`);
    return problems;
  }
  if (metas.length > 1) problems.push(`has ${metas.length} policies`);
  const meta = metas[0]!;
  if (code && code.index < meta.index!) problems.push(`holds ${code[0].trim()} before its policy, which does not cover it`);
  const policy = parsePolicy(decode(/content="([^"]*)"/.exec(meta[0])?.[1] ?? ''));
  for (const [name, sources] of policy) {
    for (const u of UNSAFE) if (/^(script|style|default)-src/.test(name) && sources.includes(u)) problems.push(`${name} allows ${u}`);
  }
  const scripts = sourcesFor(policy, 'script-src-elem');
  const styles = sourcesFor(policy, 'style-src-elem');
  if (!scripts) problems.push('sets no script-src');
  if (!styles) problems.push('sets no style-src');
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1]!;
    if (/\ssrc=/.test(attrs) || /type="application\/(ld\+)?json"/.test(attrs)) continue;
    if (!scripts?.includes(sha256(m[2]!))) problems.push(`an inline script is not allowed by its hash: ${m[2]!.trim().slice(0, 60)}…`);
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    if (!styles?.includes(sha256(m[1]!))) problems.push(`an inline style is not allowed by its hash: ${m[1]!.trim().slice(0, 60)}…`);
  }
  const attrStyles = sourcesFor(policy, 'style-src-attr');
  for (const value of new Set([...html.matchAll(/<[^>]*\sstyle="([^"]*)"/g)].map((m) => decode(m[1]!)))) {
    if (!(attrStyles?.includes("'unsafe-hashes'") && attrStyles.includes(sha256(value)))) problems.push(`a style attribute is not allowed by its hash: style="${value.slice(0, 60)}"`);
  }
  const handler = /<[^>]*\s(on[a-z]+)="/i.exec(html);
  if (handler) problems.push(`an element has an event handler attribute (${handler[1]}), which no strict policy runs`);
  return problems;
}
