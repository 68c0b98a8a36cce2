/** `/og/contracts/<cv>.png`: the social image of a definition version (PNG 1200×630). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { allDefinitions, type DefinitionEntry } from '../../../lib/node/content/collections.ts';
import { memberKeys } from '../../../lib/opengdd/json.ts';
import { plural } from '../../../lib/site/model/words.ts';
import { cardPng, drawAhead } from '../../../lib/node/build/social-png.ts';
import type { SocialCard } from '../../../lib/site/social.ts';
import { CONTRACT_WORDS } from '../../../lib/site/model/words/contract.ts';
import { withKeys } from '../../../lib/node/incremental/catalog-keys.ts';

function card(entry: DefinitionEntry): SocialCard {
  const d = entry.data;
  return {
    kicker: CONTRACT_WORDS.cardKicker(entry.id),
    title: `${d.title} ${d.version}`,
    subtitle: d.benefit,
    status: d.status,
    facts: [
      plural(memberKeys(d.definition.questions).length, 'question'),
      ...(d.pack ? [plural(d.pack.document.templates.length, 'template')] : []),
      plural(d.adoptions.length, 'adoption'),
    ],
  };
}

export const getStaticPaths = (async () => {
  const paths = (await allDefinitions()).map((entry) => ({ params: { cv: entry.id }, props: { card: card(entry) } }));
  drawAhead(paths.map((p) => p.props.card));
  return withKeys(paths, (k) => k.file);
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  return new Response(await cardPng((props as { card: SocialCard }).card), { headers: { 'Content-Type': 'image/png' } });
};
