/**
 * In Chromium, on built sites (the embedded catalog, and the corpus when present): the explorer
 * bar's words (a rewritten test is named; a link with a tried state says what it is), the focus
 * after "Restore", focus never hidden under the sticky bar, and the contract page's
 * `<adoption-compare>` — the closest adoption and the matrix's tried column, checked against the
 * engine. Every page visited must log no console error.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encodeState, explore, STAND_IN_ADOPTION, suppliedState, type TriedState } from '../../src/lib/opengdd/explore.ts';
import type { Definition, Pack } from '../../src/lib/opengdd/types.ts';
import { adoptionAnswers } from '../../src/lib/site/adoption-answers.ts';
import { corpusDir, corpusPresent, list, repoRoot } from '../helpers/paths.ts';
import { browserOnSites, CHROMIUM, type SiteName } from '../helpers/browser.ts';

const browserPresent = existsSync(CHROMIUM);
const json = (p: string) => JSON.parse(readFileSync(p, 'utf8'));
const roots: Record<SiteName, string> = { embedded: repoRoot, corpus: corpusDir };

/** A definition version of a catalog folder: definition, pack and adoption documents. */
function version(site: SiteName, cv: string) {
  const root = roots[site];
  const dir = path.join(root, 'catalog', cv);
  const docs = list(path.join(dir, 'adoptions')).map((f) => ({ id: f.replace(/\.json$/, ''), document: json(path.join(dir, 'adoptions', f)) }));
  return { definition: json(path.join(dir, 'definition.json')) as Definition, pack: json(path.join(root, 'packs', `${cv}.pack.json`)) as Pack, docs };
}

describe.skipIf(!browserPresent)('explorer words, focus and the adoption comparison in Chromium', () => {
  const { open: openPage } = browserOnSites();

  // Reduced motion: the page scrolls at once (no smooth scrolling), so positions are final when read.
  const open = (site: SiteName, url: string, viewport = { width: 1280, height: 900 }): Promise<Page> => openPage(site, url, { viewport, reducedMotion: 'reduce' });

  const change = (page: Page) => page.textContent('answer-explorer [data-change]');

  it.skipIf(!corpusPresent)('Backpack, container-2: a new fill order names the test it rewrites', async () => {
    const page = await open('corpus', '/contracts/container-2/backpack/');
    await page.check('input[name="fill-order"][value="first-slot-that-fits"]');
    expect(await change(page)).toBe('1 test changes: backpack/fill-order-holds.');
  });

  it('a link with a tried state says what that state is, on an adoption page and a contract page', async () => {
    const { definition, pack, docs } = version('embedded', 'spawn-wave-1');
    const doc = docs.find((d) => d.id === 'graveyard-horde')!.document;
    const base = suppliedState(doc);
    const tried: TriedState = { ...base, answers: { ...base.answers, advance: 'on-schedule' } };
    let page = await open('embedded', `/contracts/spawn-wave-1/graveyard-horde/?${encodeState(tried, base)}`);
    await expect.poll(() => change(page)).toBe('1 answer differs from the supplied one: Advance.');
    // Without a tried state, the supplied answers.
    page = await open('embedded', '/contracts/spawn-wave-1/graveyard-horde/');
    expect(await change(page)).toMatch(/^The supplied answers\./);

    const none: TriedState = { answers: {}, values: {}, rows: {} };
    const answers = { advance: 'on-schedule', 'blocked-spawn': 'dropped' };
    const asked = explore(definition, pack, STAND_IN_ADOPTION, { ...none, answers }).evaluation.questions.filter((q) => q.asked).length;
    page = await open('embedded', `/contracts/spawn-wave-1/?${encodeState({ ...none, answers }, none)}`);
    await expect.poll(() => change(page)).toBe(`2 of ${asked} questions answered.`);
  });

  it('"Restore" keeps keyboard focus in the bar, on a wide and a narrow screen', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const page = await open('embedded', '/contracts/spawn-wave-1/graveyard-horde/', viewport);
      await page.check('input[name="advance"][value="on-schedule"]');
      await page.focus('[data-action="restore"]');
      await page.keyboard.press('Enter');
      expect(await page.isChecked('input[name="advance"][value="whichever-first"]')).toBe(true);
      const focused = await page.evaluate(() => {
        const a = document.activeElement!;
        const box = a.getBoundingClientRect();
        return { inBar: a.closest('answer-explorer') !== null, visible: box.width > 1 && box.height > 1, tag: a.tagName };
      });
      expect(focused.inBar, `${viewport.width}px: focus on ${focused.tag}`).toBe(true);
      expect(focused.visible).toBe(true);
      // The sentence saying what the restore did, shown even where a narrow bar hides it otherwise.
      expect(await page.evaluate(() => document.activeElement!.matches('[data-change]'))).toBe(true);
      expect(await page.textContent('[data-change]')).not.toBe('');
    }
  });

  it('no element that takes keyboard focus is hidden under the sticky bar, at 1440 and 390 px', async () => {
    // Graveyard horde, and Backpack (its folds: each rationale, each test, each template that does not apply).
    const pages: [SiteName, string][] = [['embedded', '/contracts/spawn-wave-1/graveyard-horde/']];
    if (corpusPresent) pages.push(['corpus', '/contracts/container-2/backpack/']);
    for (const [site, url] of pages) {
      for (const viewport of [
        { width: 1440, height: 900 },
        { width: 390, height: 844 },
      ]) {
        const page = await open(site, url, viewport);
        const covered: string[] = [];
        let valueInputs = 0;
        let first: string | undefined;
        for (let i = 0; i < 800; i++) {
          await page.keyboard.press('Tab');
          const r = await page.evaluate(() => {
            const a = document.activeElement as HTMLElement | null;
            if (!a || a === document.body) return undefined;
            const key = `${a.tagName}#${a.id}.${a.getAttribute('name') ?? ''}.${a.getAttribute('value') ?? ''}.${a.getAttribute('href') ?? ''}.${a.dataset.tryValue ?? ''}.${[...(a.parentElement?.children ?? [])].indexOf(a)}`;
            if (a.closest('answer-explorer')) return { key, covered: false, value: false };
            const bar = document.querySelector('.explorer-bar')!.getBoundingClientRect();
            const box = a.getBoundingClientRect();
            const overlaps = box.bottom > bar.top + 1 && box.top < bar.bottom && box.right > bar.left && box.left < bar.right;
            // An element taller than the room above the bar cannot clear it; it must show at least partly.
            const fits = box.height < bar.top - 80;
            // Past the end of <main> (the catalog index at a narrow page's foot) the bar has scrolled away with it.
            const onScreen = bar.bottom > 0 && bar.top < innerHeight;
            return { key, covered: onScreen && (fits ? overlaps : box.top >= bar.top), value: a.matches('input[data-try-value]'), what: `${a.tagName} ${a.textContent?.trim().slice(0, 40) ?? ''} ${a.dataset.tryValue ?? a.getAttribute('name') ?? ''}` };
          });
          if (!r) continue;
          if (r.key === first) break;
          first ??= r.key;
          if (r.value) valueInputs++;
          if (r.covered) covered.push(r.what!);
        }
        expect(valueInputs, `${url} ${viewport.width}px`).toBeGreaterThan(0);
        expect(covered, `${url} ${viewport.width}px`).toEqual([]);
      }
    }
  }, 240_000);

  /** The tried column the engine expects: ✓, a per-row count, or – per template. */
  function expectedTried(site: SiteName, cv: string, answers: Record<string, string>): string[] {
    const { definition, pack } = version(site, cv);
    const e = explore(definition, pack, STAND_IN_ADOPTION, { answers, values: {}, rows: {} });
    return e.templates.map((o) => (!o.live ? '–' : o.template.expand === 'per-row' ? String(o.tests.length) : '✓'));
  }

  it('contract page: the closest adoption follows the tried answers, and the matrix marks the tried column', async () => {
    const { definition, pack, docs } = version('embedded', 'spawn-wave-1');
    const figures = adoptionAnswers(definition, pack, docs);
    const page = await open('embedded', '/contracts/spawn-wave-1/');
    expect(await page.textContent('[data-closest]')).toMatch(/^Try answers/);
    // Castle siege's answers, in question order (a question shows its radios once asked).
    const castle = docs.find((d) => d.id === 'castle-siege')!.document.answers as Record<string, string>;
    for (const [q, option] of Object.entries(castle)) await page.check(`input[name="${q}"][value="${option}"]`);
    const n = Object.keys(castle).length;
    await expect.poll(() => page.textContent('[data-closest]')).toMatch(new RegExp(`^Closest: Castle siege — ${n} of ${n} answers alike \\(the same answers\\)\\.`));
    expect(await page.locator('li[data-q="advance"] li[data-o="on-schedule"][data-tried]').count()).toBe(1);
    expect(await page.locator('li[data-q="advance"] [data-tried]').count()).toBe(1);

    // One answer changed: no longer the same, still closest.
    await page.check('input[name="alive-limit"][value="hold-back"]');
    await expect.poll(() => page.textContent('[data-closest]')).toMatch(new RegExp(`^Closest: Castle siege — ${n - 1} of ${n} answers alike\\.`));

    // The matrix, drawn on opening: one row per template, the tried column as the engine has it.
    await page.click('details[data-matrix] > summary');
    await page.waitForSelector('table.ac-matrix');
    const rows = await page.locator('table.ac-matrix tbody tr').count();
    expect(rows).toBe(figures.templates.length);
    expect((await page.textContent('table.ac-matrix thead th:nth-child(2)'))?.trim()).toBe('Tried');
    expect(await page.locator('table.ac-matrix td.ac-tried').allTextContents()).toEqual(expectedTried('embedded', 'spawn-wave-1', { ...castle, 'alive-limit': 'hold-back' }));
    expect(await page.locator('table.ac-matrix thead th[data-closest]').allTextContents()).toEqual(['Castle siegeclosest']);
    // Each adoption's column as the engine counts its tests.
    const castle1 = figures.adoptions.findIndex((a) => a.id === 'castle-siege');
    // Column 1 names the template, column 2 is the tried one, then the adoptions.
    const cells = await page.locator(`table.ac-matrix tbody > tr > :nth-child(${castle1 + 3})`).allTextContents();
    expect(cells).toEqual(figures.templates.map((t) => (t.tests[castle1] ? (t.perRow ? String(t.tests[castle1]) : '✓') : '–')));

    // Another change updates the open matrix.
    await page.check('input[name="after-last-wave"][value="start-over"]');
    await expect
      .poll(() => page.locator('table.ac-matrix td.ac-tried').allTextContents())
      .toEqual(expectedTried('embedded', 'spawn-wave-1', { ...castle, 'alive-limit': 'hold-back', 'after-last-wave': 'start-over' }));

    // The sections, matrix open and marked, pass axe-core (WCAG 2 A and AA).
    if (await page.locator('details[data-unused]').count()) {
      await page.click('details[data-unused] > summary');
      await page.waitForSelector('.ac-unused-list');
    }
    // Evaluated, not a <script> of the page: its Content-Security-Policy refuses an inline script.
    await page.evaluate(readFileSync(path.join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8'));
    const violations = await page.evaluate(async () => {
      const w = window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } };
      const result = await w.axe.run({ include: [['adoption-compare']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    expect(violations).toEqual([]);

    // Clearing the answers takes the tried column away.
    await page.click('[data-action="restore"]');
    await expect.poll(() => page.locator('table.ac-matrix .ac-tried').count()).toBe(0);
    expect(await page.textContent('[data-closest]')).toMatch(/^Try answers/);
  });

  it('contract page: a link with tried answers shows the closest adoption at once', async () => {
    const none: TriedState = { answers: {}, values: {}, rows: {} };
    const graveyard = version('embedded', 'spawn-wave-1').docs.find((d) => d.id === 'graveyard-horde')!.document.answers as Record<string, string>;
    const page = await open('embedded', `/contracts/spawn-wave-1/?${encodeState({ ...none, answers: graveyard }, none)}`);
    const n = Object.keys(graveyard).length;
    await expect.poll(() => page.textContent('[data-closest]')).toMatch(new RegExp(`^Closest: Graveyard horde — ${n} of ${n} answers alike`));
  });

  it('contract page: the templates no adoption exercises are listed with the engine’s reasons', async () => {
    const { definition, pack, docs } = version('embedded', 'spawn-wave-1');
    const unused = adoptionAnswers(definition, pack, docs).templates.filter((t) => t.unused);
    const page = await open('embedded', '/contracts/spawn-wave-1/');
    if (!unused.length) {
      expect(await page.locator('details[data-unused]').count()).toBe(0);
      return;
    }
    await page.click('details[data-unused] > summary');
    await page.waitForSelector('.ac-unused-list');
    expect(await page.locator('.ac-unused-list > li').count()).toBe(unused.length);
    const text = await page.textContent('.ac-unused-list');
    for (const t of unused) for (const u of t.unused!) expect(text).toContain(u.reason);
  });

  it.skipIf(!corpusPresent)('corpus container-2: Backpack’s answers with another fill order are closest to Backpack, 5 of 6 alike', async () => {
    const backpack = version('corpus', 'container-2').docs.find((d) => d.id === 'backpack')!.document.answers as Record<string, string>;
    const page = await open('corpus', '/contracts/container-2/');
    const tried = { ...backpack, 'fill-order': 'first-slot-that-fits' };
    for (const [q, option] of Object.entries(tried)) {
      const radio = page.locator(`input[name="${q}"][value="${option}"]`);
      if (await radio.isVisible()) await radio.check();
    }
    await expect.poll(() => page.textContent('[data-closest]')).toMatch(/^Closest: Backpack — 5 of 6 answers alike\./);
    await page.click('details[data-matrix] > summary');
    await page.waitForSelector('table.ac-matrix td.ac-tried');
    expect(await page.locator('table.ac-matrix thead th[data-closest]').allTextContents()).toEqual(['Backpackclosest']);
    expect(await page.locator('table.ac-matrix td.ac-tried').allTextContents()).toEqual(expectedTried('corpus', 'container-2', tried));
  });
});
