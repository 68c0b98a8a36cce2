/**
 * `/contracts/catalog.json`: the whole catalog for machines — every definition version with its
 * status, pack digest, whether it is the newest, the URLs of its page and files, and its adoptions.
 * URLs are absolute on the configured `site`.
 */
import type { APIRoute } from 'astro';
import { allDefinitions } from '../../lib/node/collections.ts';
import {
  adoptionFileUrl,
  adoptionSchemaUrl,
  adoptionUrl,
  adoptionZipUrl,
  definitionFileUrl,
  definitionUrl,
  packFileUrl,
} from '../../lib/site/urls.ts';

export const GET: APIRoute = async ({ site }) => {
  const origin = site ?? new URL('https://opengdd.org');
  const abs = (p: string) => new URL(p, origin).href;
  const definitions = (await allDefinitions())
    .slice()
    .sort((a, b) => a.data.contract.localeCompare(b.data.contract) || a.data.version - b.data.version)
    .map((d) => ({
      id: d.id,
      contract: d.data.contract,
      version: d.data.version,
      title: d.data.title,
      group: d.data.group,
      aliases: d.data.aliases,
      status: d.data.status,
      digest: d.data.pack?.digest ?? null,
      newest: d.id === d.data.newest,
      newestVersion: d.data.newest,
      origin: d.data.definition.origin ?? null,
      urls: {
        page: abs(definitionUrl(d.id)),
        definition: abs(definitionFileUrl(d.id)),
        pack: d.data.pack ? abs(packFileUrl(d.id)) : null,
        schema: abs(adoptionSchemaUrl(d.id)),
      },
      adoptions: d.data.adoptions.map((a) => ({
        id: a,
        urls: { page: abs(adoptionUrl(d.id, a)), json: abs(adoptionFileUrl(d.id, a)), zip: abs(adoptionZipUrl(d.id, a)) },
      })),
    }));
  const body = { format: 'opengdd-catalog/1', site: origin.href, definitions };
  return new Response(JSON.stringify(body, null, 2) + '\n', {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
