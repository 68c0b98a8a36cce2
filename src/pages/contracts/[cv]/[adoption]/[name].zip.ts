/**
 * `<adoption>.zip` beside the adoption page, ready to drop into a package: `contracts/<adoption>.json`
 * and, for a checked adoption, `contracts/<contract>-<version>.pack.json`, both byte for byte.
 * A fixed timestamp keeps the archive identical from build to build.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { adoptionText } from '../../../../lib/node/catalog/adoption-file.ts';
import { allAdoptions, allDefinitions, type AdoptionEntry } from '../../../../lib/node/content/collections.ts';
import { zipFiles, type ZipFile } from '../../../../lib/node/build/zip.ts';
import { withKeys } from '../../../../lib/node/incremental/catalog-keys.ts';

const FIXED_TIME = new Date(Date.UTC(2000, 0, 1));

export const getStaticPaths = (async () => {
  const definitions = new Map((await allDefinitions()).map((d) => [d.id, d]));
  const paths = (await allAdoptions()).map((a) => {
    const pack = definitions.get(a.data.definitionId)?.data.pack ?? undefined;
    return {
      params: { cv: a.data.definitionId, adoption: a.data.adoption, name: a.data.adoption },
      props: { entry: a, cv: a.data.definitionId, pack: pack?.raw, packDigest: pack?.digest },
    };
  });
  return withKeys(paths, (k) => k.file);
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { entry, cv, pack, packDigest } = props as { entry: AdoptionEntry; cv: string; pack?: string; packDigest?: string };
  const adoption = entry.data.adoption;
  const raw = adoptionText(entry.data);
  const encoder = new TextEncoder();
  const files: ZipFile[] = [{ name: `contracts/${adoption}.json`, data: encoder.encode(raw) }];
  if (pack !== undefined) files.push({ name: `contracts/${cv}.pack.json`, data: encoder.encode(pack), ...(packDigest ? { cacheKey: packDigest } : {}) });
  const zip = zipFiles(files, FIXED_TIME);
  return new Response(zip, { headers: { 'Content-Type': 'application/zip' } });
};
