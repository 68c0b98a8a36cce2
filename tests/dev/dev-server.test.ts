/**
 * `astro dev` follows the catalog folder: edits, new and removed files and faults show on the pages
 * without a restart. One dev server on a temporary copy of the embedded catalog (see `harness.ts`);
 * the steps run in order, each leaving the catalog clean. Pages are polled with a generous limit:
 * how fast they follow is the bench's business (`bench/dev.ts`), not this test's.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, startDevServer, waitForPage, type DevServer } from '../helpers/dev-server.ts';

/** What a stack trace or an uncaught error looks like in a terminal. */
const STACK = /^\s+at .+|\b[A-Z][A-Za-z]*Error: |Stack trace/m;

let server: DevServer;

beforeAll(async () => {
  server = await startDevServer();
}, 300_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

function file(rel: string): string {
  return path.join(server.catalog, rel);
}

function edit(rel: string, change: (text: string) => string): void {
  const before = readFileSync(file(rel), 'utf8');
  const after = change(before);
  expect(after, `the edit of ${rel} changes it`).not.toBe(before);
  writeFileSync(file(rel), after);
}

/** The part of the server's output printed since `mark` (a length of `server.output()`). */
function since(mark: number): string {
  return server.output().slice(mark);
}

const MANA_WELL = 'catalog/clamped-meter-2/adoptions/mana-well.json';
const answerShown = (answer: string) => `data-question="same-tick-order" data-asked="true" data-answer="${answer}"`;

describe('astro dev follows the catalog folder', { timeout: 180_000 }, () => {
  it('shows an edited adoption on its page', async () => {
    const page = await get(server, '/contracts/clamped-meter-2/mana-well/');
    expect(page.status).toBe(200);
    expect(page.body).toContain(answerShown('gain-first'));
    edit(MANA_WELL, (t) => t.replace('"same-tick-order": "gain-first"', '"same-tick-order": "loss-first"'));
    await waitForPage(server, '/contracts/clamped-meter-2/mana-well/', (p) => p.status === 200 && p.body.includes(answerShown('loss-first')));
  });

  it('re-checks the adoptions of an edited definition, then shows the definition once they follow', async () => {
    const summary = 'A container edited while the dev server runs.';
    const withSummary = (t: string) => JSON.stringify({ ...JSON.parse(t), summary }, null, 2) + '\n';
    edit('catalog/container-1/definition.json', withSummary);
    // The adoption still holds the old definition part: the re-check of the definition reaches it.
    const fault = await waitForPage(server, '/contracts/container-1/', (p) => p.status === 500);
    expect(fault.body).toMatch(/catalog\/container-1\/adoptions\/backpack\.json:\d+:\d+ \/summary CONTRACT_DEFINITION_DIVERGENT error/);
    edit('catalog/container-1/adoptions/backpack.json', withSummary);
    const page = await waitForPage(server, '/contracts/container-1/', (p) => p.status === 200 && p.body.includes(summary));
    expect(page.body).not.toContain('CONTRACT_DEFINITION_DIVERGENT');
  });

  it('shows an edited about.mdx, its frontmatter and its prose', async () => {
    edit('catalog/clamped-meter-1/about.mdx', (t) =>
      t.replace(/^benefit: ".*"$/m, 'benefit: "Bars that hold still while the dev server runs."') + '\n\nA paragraph written while the dev server runs.\n',
    );
    await waitForPage(
      server,
      '/contracts/clamped-meter-1/',
      (p) => p.status === 200 && p.body.includes('Bars that hold still while the dev server runs.') && p.body.includes('A paragraph written while the dev server runs.'),
    );
  });

  it('gives a new adoption file a page, and takes the page of a removed one away', async () => {
    expect((await get(server, '/contracts/clamped-meter-2/mana-spring/')).status).toBe(404);
    writeFileSync(file('catalog/clamped-meter-2/adoptions/mana-spring.json'), readFileSync(file(MANA_WELL)));
    const added = await waitForPage(server, '/contracts/clamped-meter-2/mana-spring/', (p) => p.status === 200);
    expect(added.body).toContain(answerShown('loss-first'));
    const contract = await waitForPage(server, '/contracts/clamped-meter-2/', (p) => p.status === 200);
    expect(contract.body).toContain('/contracts/clamped-meter-2/mana-spring/');

    expect((await get(server, '/contracts/clamped-meter-1/lantern-oil/')).status).toBe(200);
    rmSync(file('catalog/clamped-meter-1/adoptions/lantern-oil.json'));
    await waitForPage(server, '/contracts/clamped-meter-1/lantern-oil/', (p) => p.status === 404);
    const left = await waitForPage(server, '/contracts/clamped-meter-1/', (p) => p.status === 200 && !p.body.includes('/contracts/clamped-meter-1/lantern-oil/'));
    expect(left.body).toContain('/contracts/clamped-meter-1/knight-health/');
  });

  it('shows a fault on the pages as the finding, prints it once without a stack trace, and recovers when fixed', async () => {
    const good = readFileSync(file(MANA_WELL), 'utf8');
    const mark = server.output().length;
    writeFileSync(file(MANA_WELL), '{ "contract": ');
    const finding = 'catalog/clamped-meter-2/adoptions/mana-well.json:1:15 CONTRACT_INSTANCE_JSON error The file does not parse as JSON';
    const fault = await waitForPage(server, '/contracts/clamped-meter-2/mana-well/', (p) => p.status === 500 && p.body.includes(finding));
    expect(fault.body).toContain('The catalog has 1 error');
    // Every page shows it, not only the broken adoption's.
    const other = await get(server, '/contracts/');
    expect(other.status).toBe(500);
    expect(other.body).toContain(finding);
    // More requests print nothing more.
    for (let i = 0; i < 3; i++) await get(server, '/contracts/clamped-meter-1/');
    const printed = since(mark);
    expect(printed.split(finding).length - 1, printed).toBe(1);
    expect(printed).not.toMatch(STACK);

    writeFileSync(file(MANA_WELL), good);
    const fixed = await waitForPage(server, '/contracts/clamped-meter-2/mana-well/', (p) => p.status === 200);
    expect(fixed.body).toContain(answerShown('loss-first'));
    expect(fixed.body).not.toContain(finding);
    expect((await get(server, '/contracts/')).status).toBe(200);
  });

  it("printed no stack trace but Astro's own for the pages asked for after their file was removed", () => {
    // Astro's dev server answers a URL that getStaticPaths does not list (a typo, or a page whose
    // file was removed) with a 404 and a NoMatchingStaticPathFound trace of its own; every other
    // entry of the log, catalog findings included, has none.
    const entries = server.output().split(/^(?=\d\d:\d\d:\d\d )/m);
    const ours = entries.filter((e) => !e.includes('NoMatchingStaticPathFound'));
    expect(ours.length).toBeGreaterThan(10);
    expect(ours.join('')).not.toMatch(STACK);
  });
});
