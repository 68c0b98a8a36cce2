/**
 * `/schemas/contracts/<cv>.adoption.schema.json`: the editor JSON Schema of one definition version,
 * made by the engine's `editorSchema` — it accepts the adoption files the engine accepts for that
 * definition, as far as JSON Schema can say it.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { editorSchema } from '../../../lib/opengdd/editor-schema.ts';
import { allDefinitions, type DefinitionEntry } from '../../../lib/node/content/collections.ts';
import { adoptionSchemaUrl } from '../../../lib/site/urls.ts';
import { ADOPTION_WORDS } from '../../../lib/site/model/words/adoption.ts';
import { withKeys } from '../../../lib/node/incremental/catalog-keys.ts';

export const getStaticPaths = (async () =>
  withKeys(
    (await allDefinitions()).map((entry) => ({ params: { cv: entry.id }, props: { entry } })),
    (k) => k.file,
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props, site }) => {
  const { entry } = props as { entry: DefinitionEntry };
  const d = entry.data;
  const id = new URL(adoptionSchemaUrl(entry.id), site ?? 'https://opengdd.org').href;
  const schema = editorSchema(d.definition, {
    id,
    title: ADOPTION_WORDS.card.schemaTitle(d.title, d.version, entry.id),
    ...(d.pack ? { pack: d.pack.document } : {}),
  });
  return new Response(JSON.stringify(schema, null, 2) + '\n', {
    headers: { 'Content-Type': 'application/schema+json; charset=utf-8' },
  });
};
