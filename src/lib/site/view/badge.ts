/**
 * The view of a state badge: calm colour, a glyph drawn by its tone's CSS rule (StateBadge.astro)
 * and always a text label, so colour is never the only signal.
 */
import * as HOOKS from '../hooks.ts';
import type { BadgeState } from '../model/words.ts';
import { h, type VNode } from './h.ts';

/** A badge for a state of the page model. */
export const badge = (state: BadgeState): VNode =>
  h('span', { class: 'badge', [HOOKS.tone]: state.tone, title: state.title, [HOOKS.stateLabel]: state.label }, state.label);
