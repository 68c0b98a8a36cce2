/**
 * `<adoption>.tests.md` beside the adoption page: the generated tests exactly as
 * `opengdd --render-contract-tests` prints them. Only for checked adoptions.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { allAdoptions } from '../../../../lib/site/catalog.ts';

export const getStaticPaths = (async () =>
  (await allAdoptions())
    .filter((a) => a.data.markdown !== '')
    .map((a) => ({
      params: { cv: a.data.definitionId, adoption: a.data.adoption, name: a.data.adoption },
      props: { markdown: a.data.markdown },
    }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(props.markdown as string, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
