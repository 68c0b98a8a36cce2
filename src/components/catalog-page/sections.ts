/**
 * The one map from the catalog page's section to the component that renders it: every section is
 * a shelf. A new kind of section in the model fails the type check until it is mapped here.
 */
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import Shelf from './Shelf.astro';

/** The catalog page's section components, by section kind. */
export const CATALOG_SECTIONS: Record<'shelf', AstroComponentFactory> = { shelf: Shelf };
