/**
 * `/schemas/<name>.schema.json`: the spec's JSON Schemas from the repository's `schemas/` folder,
 * byte for byte.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { withKeys } from '../../lib/node/incremental/catalog-keys.ts';

const files = import.meta.glob<string>('/schemas/*.schema.json', { query: '?raw', import: 'default', eager: true });

export const getStaticPaths = (() =>
  withKeys(
    Object.entries(files).map(([file, raw]) => ({
      params: { name: file.replace(/^.*\//, '').replace(/\.schema\.json$/, '') },
      props: { raw },
    })),
    (k) => k.file,
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(props.raw as string, { headers: { 'Content-Type': 'application/schema+json; charset=utf-8' } });
