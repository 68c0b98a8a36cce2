/**
 * `<adoption>.tests.md` beside the adoption page: the generated tests exactly as
 * `opengdd --render-contract-tests` prints them. Only for checked adoptions.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { adoptionMarkdown } from '../../../../lib/node/catalog/adoption-file.ts';
import { allAdoptions, allDefinitions, type AdoptionEntry, type DefinitionEntry } from '../../../../lib/node/content/collections.ts';
import { withKeys } from '../../../../lib/node/incremental/catalog-keys.ts';

export const getStaticPaths = (async () => {
  const definitions = new Map((await allDefinitions()).map((d) => [d.id, d]));
  const paths = (await allAdoptions()).flatMap((a) => {
    const definition = definitions.get(a.data.definitionId)!;
    return definition.data.pack
      ? [{ params: { cv: a.data.definitionId, adoption: a.data.adoption, name: a.data.adoption }, props: { entry: a, definition } }]
      : [];
  });
  return withKeys(paths, (k) => k.file);
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { entry, definition } = props as { entry: AdoptionEntry; definition: DefinitionEntry };
  return new Response(adoptionMarkdown(entry.data, definition.data), { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
};
