/**
 * `<adoption>.tests.md` beside the adoption page: the generated tests exactly as
 * `opengdd --render-contract-tests` prints them. Only for checked adoptions.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { adoptionMarkdown } from '../../../../lib/site/adoption-file.ts';
import { allAdoptions, type AdoptionEntry } from '../../../../lib/site/catalog.ts';

export const getStaticPaths = (async () =>
  (await allAdoptions())
    .filter((a) => a.data.markdown !== '')
    .map((a) => ({
      params: { cv: a.data.definitionId, adoption: a.data.adoption, name: a.data.adoption },
      props: { entry: a },
    }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(adoptionMarkdown((props.entry as AdoptionEntry).data), { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
