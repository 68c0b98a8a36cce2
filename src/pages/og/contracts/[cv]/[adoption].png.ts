/** `/og/contracts/<cv>/<adoption>.png`: the social image of an adoption (PNG 1200×630). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { allAdoptions, allDefinitions, type AdoptionEntry, type DefinitionEntry } from '../../../../lib/node/collections.ts';
import { plural } from '../../../../lib/site/model/words.ts';
import { socialPng } from '../../../../lib/node/social-png.ts';

export const getStaticPaths = (async () => {
  const definitions = new Map((await allDefinitions()).map((d) => [d.id, d]));
  return (await allAdoptions()).map((entry) => ({
    params: { cv: entry.data.definitionId, adoption: entry.data.adoption },
    props: { entry, definition: definitions.get(entry.data.definitionId)! },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { entry, definition } = props as { entry: AdoptionEntry; definition: DefinitionEntry };
  const a = entry.data;
  const d = definition.data;
  const { tests, live, templates } = a.counts;
  const png = await socialPng({
    kicker: `OpenGDD adoption · ${definition.id}`,
    title: a.adoption,
    subtitle: `${d.title} ${d.version}`,
    status: d.status,
    facts: d.pack
      ? [plural(tests, 'test'), `${live} of ${templates} templates apply`]
      : ['No tests yet: the pack is promised'],
  });
  return new Response(png, { headers: { 'Content-Type': 'image/png' } });
};
