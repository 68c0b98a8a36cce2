/** `/og/contracts/<cv>/<adoption>.png`: the social image of an adoption (PNG 1200×630). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { allAdoptions, allDefinitions, type AdoptionEntry, type DefinitionEntry } from '../../../../lib/node/content/collections.ts';
import { appliesFact, plural } from '../../../../lib/site/model/words.ts';
import { cardPng, drawAhead } from '../../../../lib/node/build/social-png.ts';
import type { SocialCard } from '../../../../lib/site/social.ts';
import { ADOPTION_WORDS } from '../../../../lib/site/model/words/adoption.ts';
import { withKeys } from '../../../../lib/node/incremental/catalog-keys.ts';

const W = ADOPTION_WORDS.card;

function card(entry: AdoptionEntry, definition: DefinitionEntry): SocialCard {
  const a = entry.data;
  const d = definition.data;
  const { tests, live, templates } = a.counts;
  return {
    kicker: W.kicker(definition.id),
    title: a.adoption,
    subtitle: `${d.title} ${d.version}`,
    status: d.status,
    facts: d.pack
      ? [plural(tests, 'test'), appliesFact(live, templates)]
      : [W.promised],
  };
}

export const getStaticPaths = (async () => {
  const definitions = new Map((await allDefinitions()).map((d) => [d.id, d]));
  const paths = (await allAdoptions()).map((entry) => ({
    params: { cv: entry.data.definitionId, adoption: entry.data.adoption },
    props: { card: card(entry, definitions.get(entry.data.definitionId)!) },
  }));
  drawAhead(paths.map((p) => p.props.card));
  return withKeys(paths, (k) => k.file);
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  return new Response(await cardPng((props as { card: SocialCard }).card), { headers: { 'Content-Type': 'image/png' } });
};
