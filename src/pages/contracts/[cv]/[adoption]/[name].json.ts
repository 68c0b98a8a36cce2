/**
 * `<adoption>.json` beside the adoption page: the catalog's adoption file, byte for byte.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { adoptionText } from '../../../../lib/node/catalog/adoption-file.ts';
import { allAdoptions, type AdoptionEntry } from '../../../../lib/node/content/collections.ts';
import { withKeys } from '../../../../lib/node/incremental/catalog-keys.ts';

export const getStaticPaths = (async () =>
  withKeys(
    (await allAdoptions()).map((a) => ({
      params: { cv: a.data.definitionId, adoption: a.data.adoption, name: a.data.adoption },
      props: { entry: a },
    })),
    (k) => k.file,
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(adoptionText((props.entry as AdoptionEntry).data), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
