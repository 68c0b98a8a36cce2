/**
 * `<cv>.adoptions.json` beside the definition page: how the version's adoptions answer each
 * question and which tests each generates per template (the contract page draws its matrix from
 * it). Only for versions that have adoptions.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { answersOf } from '../../../lib/node/content/adoption-answers.ts';
import { allDefinitions, type DefinitionEntry } from '../../../lib/node/content/collections.ts';
import { publishedAnswers } from '../../../lib/site/adoption-answers.ts';
import { withKeys } from '../../../lib/node/incremental/catalog-keys.ts';

export const getStaticPaths = (async () =>
  withKeys(
    (await allDefinitions()).filter((d) => d.data.adoptions.length).map((d) => ({ params: { cv: d.id, name: d.id }, props: { entry: d } })),
    (k) => k.adoptionsFile,
  )) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const entry = props.entry as DefinitionEntry;
  const answers = await answersOf(entry);
  return new Response(JSON.stringify(answers ? publishedAnswers(entry.id, answers) : null), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
