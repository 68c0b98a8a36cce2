/**
 * `<cv>.empty-adoption.json` beside the definition page: an adoption to start from (the definition
 * part unchanged, empty answers, values and rows), which "Copy an empty adoption" and its download
 * use, so the contract page need not carry it.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { allDefinitions } from '../../../lib/node/content/collections.ts';
import { adoptionSkeleton } from '../../../lib/site/skeleton.ts';
import { withKeys } from '../../../lib/node/incremental/catalog-keys.ts';

export const getStaticPaths = (async () =>
  withKeys(
    (await allDefinitions()).map((d) => ({ params: { cv: d.id, name: d.id }, props: { definition: d.data.definition } })),
    (k) => k.file,
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(`${JSON.stringify(adoptionSkeleton(props.definition as Parameters<typeof adoptionSkeleton>[0]), null, 2)}\n`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
