/**
 * `/contracts/catalog.json`: the whole catalog for machines — every definition version with its
 * status, pack digest, whether it is the newest, the URLs of its page and files, and its adoptions.
 * URLs are absolute on the configured `site`. `latest` lists the version-free addresses that lead
 * to the newest version (written after the build, see `src/lib/node/build/latest-pages.ts`), `clashes`
 * those a definition's page holds instead, and `schemas` the editor schema of every adoption
 * (SchemaStore's catalog entry shape).
 */
import type { APIRoute } from 'astro';
import { allDefinitions } from '../../lib/node/content/collections.ts';
import {
  adoptionFileUrl,
  adoptionSchemaUrl,
  adoptionUrl,
  catalogAdoptionSchemaUrl,
  adoptionZipUrl,
  definitionFileUrl,
  definitionUrl,
  packFileUrl,
  latestUrl,
} from '../../lib/site/urls.ts';
import { latestRoutes } from '../../lib/site/versions.ts';
import { adoptionDisplayName } from '../../lib/site/search-names.ts';
import { catalogSchemaEntry } from '../../lib/site/catalog-schema.ts';
import { ADOPTION_WORDS } from '../../lib/site/model/words/adoption.ts';
import { CONTRACT_WORDS } from '../../lib/site/model/words/contract.ts';

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
  const all = await allDefinitions();
  const byId = new Map(all.map((d) => [d.id, d.data]));
  const { routes, clashes } = latestRoutes(all.map((d) => ({ id: d.id, contract: d.data.contract, version: d.data.version, adoptions: d.data.adoptions })));
  const latest = routes.map((r) => {
    const d = byId.get(r.target)!;
    const what = CONTRACT_WORDS.name(d.title, d.version);
    return {
      path: latestUrl(r.path),
      url: abs(latestUrl(r.path)),
      contract: r.contract,
      ...(r.adoption ? { adoption: r.adoption } : {}),
      definition: r.target,
      target: abs(r.adoption ? adoptionUrl(r.target, r.adoption) : definitionUrl(r.target)),
      title: r.adoption ? ADOPTION_WORDS.card.latestTitle(adoptionDisplayName(r.adoption), what) : what,
    };
  });
  const schemas = [catalogSchemaEntry(abs(catalogAdoptionSchemaUrl()), all.map((d) => ({ id: d.id, contract: d.data.contract, version: d.data.version, url: abs(adoptionSchemaUrl(d.id)) })))];
  const body = {
    format: 'opengdd-catalog/1',
    site: origin.href,
    definitions,
    latest,
    clashes: clashes.map((c) => ({ url: abs(latestUrl(c.path)), contract: c.contract, page: abs(definitionUrl(c.page)) })),
    schemas,
  };
  return new Response(JSON.stringify(body, null, 2) + '\n', {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
