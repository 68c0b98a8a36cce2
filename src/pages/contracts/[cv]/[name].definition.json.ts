/**
 * `<cv>.definition.json` beside the definition page: the catalog's `definition.json`, byte for byte.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { allDefinitions } from '../../../lib/node/content/collections.ts';
import { withKeys } from '../../../lib/node/incremental/catalog-keys.ts';

export const getStaticPaths = (async () =>
  withKeys(
    (await allDefinitions()).map((d) => ({ params: { cv: d.id, name: d.id }, props: { raw: d.data.raw } })),
    (k) => k.file,
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(props.raw as string, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
