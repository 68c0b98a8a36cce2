/**
 * `<adoption>.zip` beside the adoption page, ready to drop into a package: `contracts/<adoption>.json`
 * and, for a checked adoption, `contracts/<contract>-<version>.pack.json`, both byte for byte.
 * A fixed timestamp keeps the archive identical from build to build.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { strToU8, zipSync } from 'fflate';
import { adoptionText } from '../../../../lib/site/adoption-file.ts';
import { allAdoptions, allDefinitions, type AdoptionEntry } from '../../../../lib/site/catalog.ts';

const FIXED_TIME = new Date(Date.UTC(2000, 0, 1));

export const getStaticPaths = (async () => {
  const definitions = new Map((await allDefinitions()).map((d) => [d.id, d]));
  return (await allAdoptions()).map((a) => {
    const pack = definitions.get(a.data.definitionId)?.data.pack;
    return {
      params: { cv: a.data.definitionId, adoption: a.data.adoption, name: a.data.adoption },
      props: { entry: a, cv: a.data.definitionId, pack: pack?.raw },
    };
  });
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { entry, cv, pack } = props as { entry: AdoptionEntry; cv: string; pack?: string };
  const adoption = entry.data.adoption;
  const raw = adoptionText(entry.data);
  const files: Record<string, [Uint8Array, { mtime: Date }]> = {
    [`contracts/${adoption}.json`]: [strToU8(raw), { mtime: FIXED_TIME }],
  };
  if (pack !== undefined) files[`contracts/${cv}.pack.json`] = [strToU8(pack), { mtime: FIXED_TIME }];
  const zip = zipSync(files, { level: 9 });
  return new Response(zip, { headers: { 'Content-Type': 'application/zip' } });
};
