/**
 * Content collections of the catalog site. Custom Content Layer loaders read the catalog folder
 * (the embedded one, or the folder named by OPENGDD_CATALOG) through the engine, which verifies it:
 * an error finding stops the build with `file#pointer CODE message` lines.
 */
import { defineCollection } from 'astro:content';
import { adoptionsLoader, definitionsLoader, groupsLoader } from './lib/node/loaders.ts';
import { adoptionSchema, definitionSchema, groupSchema } from './lib/site/schemas.ts';

export const collections = {
  groups: defineCollection({ loader: groupsLoader(), schema: groupSchema }),
  definitions: defineCollection({ loader: definitionsLoader(), schema: definitionSchema }),
  adoptions: defineCollection({ loader: adoptionsLoader(), schema: adoptionSchema }),
};
