/**
 * `/schemas/catalog-adoption.schema.json`: one editor schema for every adoption of the catalog,
 * selecting each definition's own (`/schemas/contracts/<cv>.adoption.schema.json`) by `contract`
 * and `version` (see `src/lib/site/catalog-schema.ts`).
 */
import type { APIRoute } from 'astro';
import { allDefinitions } from '../../lib/node/content/collections.ts';
import { catalogAdoptionSchema } from '../../lib/site/catalog-schema.ts';
import { adoptionSchemaUrl, catalogAdoptionSchemaUrl } from '../../lib/site/urls.ts';

export const GET: APIRoute = async ({ site }) => {
  const abs = (p: string) => new URL(p, site ?? 'https://opengdd.org').href;
  const targets = (await allDefinitions()).map((d) => ({ id: d.id, contract: d.data.contract, version: d.data.version, url: abs(adoptionSchemaUrl(d.id)) }));
  const schema = catalogAdoptionSchema(abs(catalogAdoptionSchemaUrl()), targets);
  return new Response(JSON.stringify(schema, null, 2) + '\n', {
    headers: { 'Content-Type': 'application/schema+json; charset=utf-8' },
  });
};
