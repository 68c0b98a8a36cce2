/**
 * `<cv>.pack.json` beside the definition page: the catalog's pack file, byte for byte (its SHA-256
 * is the digest the definition names). Only for definitions that have a pack.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { allDefinitions } from '../../../lib/node/content/collections.ts';
import { withKeys } from '../../../lib/node/incremental/catalog-keys.ts';

export const getStaticPaths = (async () =>
  withKeys(
    (await allDefinitions()).filter((d) => d.data.pack).map((d) => ({ params: { cv: d.id, name: d.id }, props: { raw: d.data.pack!.raw } })),
    (k) => k.file,
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(props.raw as string, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
