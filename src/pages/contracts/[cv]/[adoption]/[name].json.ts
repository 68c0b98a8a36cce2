/**
 * `<adoption>.json` beside the adoption page: the catalog's adoption file, byte for byte.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { allAdoptions } from '../../../../lib/site/catalog.ts';

export const getStaticPaths = (async () =>
  (await allAdoptions()).map((a) => ({
    params: { cv: a.data.definitionId, adoption: a.data.adoption, name: a.data.adoption },
    props: { raw: a.data.raw },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(props.raw as string, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
