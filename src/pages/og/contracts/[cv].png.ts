/** `/og/contracts/<cv>.png`: the social image of a definition version (PNG 1200×630). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { allDefinitions, type DefinitionEntry } from '../../../lib/node/collections.ts';
import { memberKeys } from '../../../lib/opengdd/json.ts';
import { plural } from '../../../lib/site/model/words.ts';
import { socialPng } from '../../../lib/node/social-png.ts';

export const getStaticPaths = (async () =>
  (await allDefinitions()).map((entry) => ({ params: { cv: entry.id }, props: { entry } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { entry } = props as { entry: DefinitionEntry };
  const d = entry.data;
  const png = await socialPng({
    kicker: `OpenGDD contract · ${entry.id}`,
    title: `${d.title} ${d.version}`,
    subtitle: d.benefit,
    status: d.status,
    facts: [
      plural(memberKeys(d.definition.questions).length, 'question'),
      ...(d.pack ? [plural(d.pack.document.templates.length, 'template')] : []),
      plural(d.adoptions.length, 'adoption'),
    ],
  });
  return new Response(png, { headers: { 'Content-Type': 'image/png' } });
};
