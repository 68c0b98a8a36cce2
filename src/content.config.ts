/**
 * Content collections of the catalog site. Custom Content Layer loaders read the catalog folder
 * (the embedded one, or the folder named by OPENGDD_CATALOG) through the engine, which verifies it:
 * an error finding stops the build with `file#pointer CODE message` lines.
 */
// `astro/content/config` (the defineCollection that `astro:content`'s own wraps), not
// `astro:content`: Vite's module runner transforms whatever this file imports, one module at a time,
// before the content layer syncs, and `astro:content` is Astro's whole page-side content runtime
// (about 70 modules, half a second of every build) of which this file uses one function.
import { defineCollection } from 'astro/content/config';
import { adoptionsLoader, definitionsLoader, groupsLoader } from './lib/node/content/loaders.ts';
import { adoptionSchema, definitionSchema, groupSchema } from './lib/site/schemas.ts';

export const collections = {
  groups: defineCollection({ loader: groupsLoader(), schema: groupSchema }),
  definitions: defineCollection({ loader: definitionsLoader(), schema: definitionSchema }),
  adoptions: defineCollection({ loader: adoptionsLoader(), schema: adoptionSchema }),
};
