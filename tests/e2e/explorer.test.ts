/**
 * The answer explorer in a real browser (playwright-core driving Debian's Chromium) on built
 * sites: the corpus (../shared/corpus) and the embedded catalog, the run's one build of each
 * (tests/helpers/shared-builds.ts), served from 127.0.0.1. Every page visited must log no console error.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encodeState, explore, STAND_IN_ADOPTION, suppliedState } from '../../src/lib/opengdd/explore.ts';
import { adoptionPage } from '../../src/lib/site/model/adoption.ts';
import { pageState } from '../../src/lib/site/model/state.ts';
import { templateBody, templateSummary, type Piece } from '../../src/lib/site/model/template.ts';
import { definitionNaming } from '../../src/lib/site/model/words.ts';
import type { Definition, Pack } from '../../src/lib/opengdd/types.ts';
import { corpusDir, corpusPresent, repoRoot } from '../helpers/paths.ts';
import { runCli } from '../helpers/cli.ts';
import { copyCatalog, remove } from '../helpers/site.ts';
import { redirectOf } from '../helpers/crawl.ts';
import { browserOnSites, CHROMIUM, type SiteName } from '../helpers/browser.ts';

const browserPresent = existsSync(CHROMIUM);
const json = (p: string) => JSON.parse(readFileSync(p, 'utf8'));

/** The count line the engine gives for a tried state, as the page words it. */
function expectedCounts(catalog: string, cv: string, adoption: string, answers: Record<string, string>): string {
  const doc = json(path.join(catalog, `catalog/${cv}/adoptions/${adoption}.json`));
  const pack: Pack = json(path.join(catalog, `packs/${cv}.pack.json`));
  const base = suppliedState(doc);
  const e = explore(doc as Definition, pack, adoption, { ...base, answers: { ...base.answers, ...answers } }, doc.verification ?? {});
  return `${pageState(doc as Definition, e.evaluation, e.templates, 'adoption').countLine}.`;
}

describe.skipIf(!browserPresent)('the answer explorer in Chromium', () => {
  // No console error on any page visited: checked after every test, for the pages it opened.
  const { sites, newPage, open: openPage } = browserOnSites();

  /** Opens a page of a site with a fresh context (the clipboard allowed), once the explorer is ready. */
  const open = (site: SiteName, url: string, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> =>
    openPage(site, url, { ...options, permissions: ['clipboard-read', 'clipboard-write'] });

  const live = (page: Page, id: string) => page.getAttribute(`[data-live][data-template="${id}"]`, 'data-live');
  const reasons = (page: Page, id: string) => page.textContent(`[data-live="false"][data-template="${id}"] .reasons`);
  const counts = (page: Page) => page.textContent('[data-test-count]');
  // Every option is always shown once, whole; a question that is not asked has its choices disabled.
  const radiosVisible = (page: Page, question: string) => page.isEnabled(`input[type="radio"][name="${question}"]`);

  it.skipIf(!corpusPresent)('Backpack: all-or-nothing makes refuses-whole apply and takes-what-fits stop, hides the leftover question, and the URL keeps it', async () => {
    const page = await open('corpus', '/contracts/container-1/backpack/');
    expect(await live(page, 'refuses-whole')).toBe('false');
    expect(await live(page, 'takes-what-fits')).toBe('true');
    expect(await radiosVisible(page, 'leftover-destination')).toBe(true);
    expect(await counts(page)).toBe('11 tests from 8 of the 14 templates; 6 do not apply.');

    await page.check('input[name="partial-acceptance"][value="all-or-nothing"]');
    expect(await live(page, 'refuses-whole')).toBe('true');
    expect(await page.locator('[data-template="refuses-whole"] [data-test-name]').count()).toBeGreaterThan(0);
    expect(await live(page, 'takes-what-fits')).toBe('false');
    expect(await reasons(page, 'takes-what-fits')).toContain('is answered All or nothing; it applies when the answer is Fill what fits');
    expect(await page.locator('[data-test-name^="backpack/takes-what-fits"]').count()).toBe(0);
    expect(await radiosVisible(page, 'leftover-destination')).toBe(false);
    expect(await page.getAttribute('[data-question="leftover-destination"]', 'data-asked')).toBe('false');
    expect(await page.isVisible('[data-question="leftover-destination"] [data-otherwise]')).toBe(true);
    // The table of contents counts asked questions too: one of the six stopped being asked.
    expect((await page.textContent('a[href="#answers"] .note'))?.trim()).toBe('5/6');
    const line = expectedCounts(corpusDir, 'container-1', 'backpack', { 'partial-acceptance': 'all-or-nothing' });
    expect(await counts(page)).toBe(line);
    expect(await page.textContent('answer-explorer [data-test-count]')).toBe(line);
    expect(await page.textContent('[data-change]')).toBe('1 test now applies, 1 no longer applies, 1 question is no longer asked.');
    const names = await page.locator('[data-test-name]').evaluateAll((els) => els.map((e) => e.getAttribute('data-test-name')));
    expect(names).toContain('backpack/refuses-whole');

    // The URL reproduces the state.
    await page.waitForURL(/[?&]a\.partial-acceptance=all-or-nothing/);
    await page.reload();
    await page.waitForSelector('answer-explorer[data-ready]');
    expect(await page.isChecked('input[name="partial-acceptance"][value="all-or-nothing"]')).toBe(true);
    expect(await live(page, 'refuses-whole')).toBe('true');
    expect(await live(page, 'takes-what-fits')).toBe('false');
    expect(await radiosVisible(page, 'leftover-destination')).toBe(false);
    expect(await counts(page)).toBe(line);
    expect(await page.locator('[data-test-name]').evaluateAll((els) => els.map((e) => e.getAttribute('data-test-name')))).toEqual(names);

    // Restore brings back the supplied answers, the static counts and a clean URL.
    await page.click('[data-action="restore"]');
    expect(await page.isChecked('input[name="partial-acceptance"][value="fill-what-fits"]')).toBe(true);
    expect(await live(page, 'takes-what-fits')).toBe('true');
    expect(await counts(page)).toBe('11 tests from 8 of the 14 templates; 6 do not apply.');
    await page.waitForURL((u) => u.search === '');
    await page.close();
  });

  it('spawn-wave-1 graveyard-horde: advancing on schedule drops the breather and the tests that need it; the URL keeps it', async () => {
    const page = await open('embedded', '/contracts/spawn-wave-1/graveyard-horde/');
    expect(await live(page, 'cleared-wave-brings-next')).toBe('true');
    expect(await live(page, 'breather-holds')).toBe('true');
    expect(await radiosVisible(page, 'breather')).toBe(true);

    await page.check('input[name="advance"][value="on-schedule"]');
    expect(await live(page, 'cleared-wave-brings-next')).toBe('false');
    expect(await reasons(page, 'cleared-wave-brings-next')).toContain('is answered On schedule');
    expect(await live(page, 'breather-holds')).toBe('false');
    expect(await reasons(page, 'breather-holds')).toContain('which is not asked under these answers');
    expect(await live(page, 'scheduled-wave-starts')).toBe('true');
    expect(await radiosVisible(page, 'breather')).toBe(false);
    expect(await page.getAttribute('tr[data-value="breather-seconds"]', 'data-active')).toBe('false');
    const line = expectedCounts(repoRoot, 'spawn-wave-1', 'graveyard-horde', { advance: 'on-schedule' });
    expect(await counts(page)).toBe(line);
    expect(await page.textContent('[data-change]')).toMatch(/no longer appl(y|ies); 4 tests change: graveyard-horde\/scheduled-wave-starts\/shamblers, .*; 1 question is no longer asked\.$/);

    await page.waitForURL(/[?&]a\.advance=on-schedule/);
    await page.reload();
    await page.waitForSelector('answer-explorer[data-ready]');
    expect(await live(page, 'breather-holds')).toBe('false');
    expect(await radiosVisible(page, 'breather')).toBe(false);
    expect(await counts(page)).toBe(line);
    await page.close();
  });

  it('arena-trials: rows and values can be tried, and per-row tests follow', async () => {
    const page = await open('embedded', '/contracts/spawn-wave-1/arena-trials/');
    const bosses = () => page.locator('[data-test-name^="arena-trials/boss-is-announced/"]').count();
    expect(await bosses()).toBe(1);
    await page.click('details[data-rows-editor="waves"] > summary');
    // Make the second wave a boss too: once it says how it is announced, one more per-row test.
    await page.selectOption('[data-rows-editor="waves"] select[data-row="1"][data-field="role"]', 'boss');
    expect(await bosses()).toBe(1);
    await page.fill('[data-rows-editor="waves"] input[data-row="1"][data-field="announce"]', '04-feedback.md#horn');
    await page.press('[data-rows-editor="waves"] input[data-row="1"][data-field="announce"]', 'Enter');
    expect(await bosses()).toBe(2);
    expect(await page.locator('[data-test-name="arena-trials/boss-is-announced/trial-of-beasts"]').count()).toBe(1);
    expect(await page.getAttribute('[data-rowset="waves"] tr[data-row-id="trial-of-beasts"]', 'data-row-id')).toBe('trial-of-beasts');
    // Add a row and remove it again.
    const waveTests = () => page.locator('[data-test-name^="arena-trials/wave-sends-its-count/"]').count();
    const before = await waveTests();
    await page.click('[data-rows-editor="waves"] [data-add]');
    await page.fill('[data-rows-editor="waves"] input[data-row="3"][data-field="enemy"]', 'ghost');
    await page.press('[data-rows-editor="waves"] input[data-row="3"][data-field="enemy"]', 'Tab');
    expect(await page.getAttribute('[data-rowset="waves"]', 'data-row-count')).toBe('4');
    await page.click('[data-rows-editor="waves"] [data-remove="3"]');
    expect(await page.getAttribute('[data-rowset="waves"]', 'data-row-count')).toBe('3');
    expect(await waveTests()).toBe(before);
    // A value: the alive cap shows in the alive-cap test once changed.
    await page.fill('input[data-try-value="alive-cap"]', '9');
    await page.press('input[data-try-value="alive-cap"]', 'Enter');
    await page.waitForURL((u) => u.searchParams.get('v.alive-cap') === 'n:9' && u.searchParams.has('rows'));
    await page.reload();
    await page.waitForSelector('answer-explorer[data-ready]');
    expect(await bosses()).toBe(2);
    expect(await page.inputValue('input[data-try-value="alive-cap"]')).toBe('9');
    await page.close();
  });

  it('contract page: starts with no answers and the stand-in id; answers bring tests in', async () => {
    const page = await open('embedded', '/contracts/spawn-wave-1/');
    const names = await page.locator('[data-test-name]').evaluateAll((els) => els.map((e) => e.getAttribute('data-test-name')));
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n).toMatch(/^<your-adoption>\//);
    // Why a template waits is drawn when its fold opens (its badge says it before).
    await page.click('details.template[data-template="wave-sends-its-count"] > summary');
    // Drawn on the fold's toggle event, a task after the click.
    await page.waitForSelector('details.template[data-template="wave-sends-its-count"][data-drawn]');
    expect(await reasons(page, 'wave-sends-its-count')).toContain('expands once per row of waves');
    expect(await radiosVisible(page, 'breather')).toBe(false);
    expect(await live(page, 'rounds-repeat')).toBe('false');
    await page.check('input[name="after-last-wave"][value="start-over"]');
    expect(await live(page, 'rounds-repeat')).toBe('true');
    expect(await page.locator('[data-test-name="<your-adoption>/rounds-repeat"]').count()).toBe(1);
    expect(await radiosVisible(page, 'round-growth')).toBe(true);
    expect(await page.getAttribute('[data-question="round-growth"]', 'data-asked')).toBe('true');
    await page.close();
  });

  it('works by keyboard alone', async () => {
    const page = await open('embedded', '/contracts/spawn-wave-1/graveyard-horde/');
    await page.focus('input[name="advance"][value="whichever-first"]');
    // Arrow keys move within a native radio group and choose as they go.
    await page.keyboard.press('ArrowUp');
    expect(await page.isChecked('input[name="advance"][value="when-cleared"]')).toBe(true);
    await page.keyboard.press('ArrowUp');
    expect(await page.isChecked('input[name="advance"][value="on-schedule"]')).toBe(true);
    expect(await radiosVisible(page, 'breather')).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!.closest('.choice-option')!).outlineStyle)).toBe('solid');
    await page.close();
  });

  // Copies and checks a whole catalog per case: a loaded machine takes more than vitest's 30 s.
  it('copies an adoption for the tried state that check accepts', async () => {
    const cases: ['corpus' | 'embedded', string, string, string, [string, string]][] = [
      ['embedded', repoRoot, 'spawn-wave-1', 'graveyard-horde', ['advance', 'on-schedule']],
    ];
    if (corpusPresent) cases.push(['corpus', corpusDir, 'container-1', 'backpack', ['partial-acceptance', 'all-or-nothing']]);
    for (const [site, catalog, cv, adoption, [q, option]] of cases) {
      const page = await open(site, `/contracts/${cv}/${adoption}/`);
      await page.check(`input[name="${q}"][value="${option}"]`);
      await page.click('[data-action="copy"]');
      await page.waitForSelector('dialog[open] [data-export-verdict]:text("opengdd-catalog check")');
      expect(await page.textContent('[data-export-verdict]')).toBe('Complete: opengdd-catalog check accepts this adoption.');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(JSON.parse(copied).answers[q]).toBe(option);
      const dir = copyCatalog(catalog);
      try {
        writeFileSync(path.join(dir, `catalog/${cv}/adoptions/${adoption}.json`), copied);
        // `main(['check', '--catalog', dir])` of src/cli/main.ts, in this process.
        const run = await runCli(['check', '--catalog', dir]);
        expect(run.status, run.out + run.err).toBe(0);
      } finally {
        remove(dir);
      }
      // Download gives the same file.
      await page.keyboard.press('Escape');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action="download"]')]);
      expect(download.suggestedFilename()).toBe(`${adoption}.json`);
      expect(readFileSync((await download.path())!, 'utf8')).toBe(copied);
      await page.close();
    }
  }, 90_000);

  it('lists the gaps of an incomplete adoption from a contract page', async () => {
    const page = await open('embedded', '/contracts/spawn-wave-1/');
    await page.check('input[name="advance"][value="on-schedule"]');
    await page.click('[data-action="copy"]');
    await page.waitForSelector('dialog[open] [data-export-problems] li');
    expect(await page.textContent('[data-export-gaps]')).toContain('Answer question blocked-spawn');
    expect(await page.textContent('[data-export-verdict]')).toContain('Not complete yet');
    await page.close();
  });

  it('hydrates without moving the page, and a change never resizes the bar', async () => {
    for (const url of ['/contracts/spawn-wave-1/', '/contracts/spawn-wave-1/graveyard-horde/']) {
      const page = await open('embedded', url);
      // Hydrated (open waits for the island); what could still move the page is a font or an image
      // arriving: wait for the load, the fonts and a frame drawn with them.
      await page.waitForLoadState('load');
      await page.evaluate(() => document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as (PerformanceEntry & { value: number })[]) total += e.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(total), 100);
          }),
      );
      expect(shift, url).toBeLessThan(0.01);
      const bar = () => page.evaluate(() => document.querySelector('.explorer-bar')!.getBoundingClientRect().height);
      const before = await bar();
      await page.check('input[name="advance"][value="on-schedule"]');
      expect(await bar()).toBe(before);
      await page.close();
    }
  });

  it('passes axe-core on the explorer’s own controls (WCAG 2 A and AA)', async () => {
    const axe = readFileSync(path.join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');
    for (const url of ['/contracts/spawn-wave-1/', '/contracts/spawn-wave-1/arena-trials/']) {
      const page = await open('embedded', url);
      if (await page.locator('details[data-rows-editor]').count()) {
        await page.click('details[data-rows-editor] > summary');
        // The editor builds on the fold's toggle, after its code has loaded: axe must see it built.
        await page.waitForSelector('details[data-rows-editor] [data-editor-body] > *');
      }
      // Evaluated, not a <script> of the page: its Content-Security-Policy refuses an inline script.
      await page.evaluate(axe);
      const violations = await page.evaluate(async () => {
        const w = window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } };
        const result = await w.axe.run(
          { include: [['answer-explorer'], ['fieldset.choice'], ['.rows-try'], ['input.value-try']] },
          { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
        );
        return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      expect(violations, url).toEqual([]);
      await page.close();
    }
  });

  it('hydrates on every page of the embedded catalog and every corpus contract page, follows a change, logs no error', async () => {
    for (const site of ['embedded', 'corpus'] as const) {
      if (!sites[site]) continue;
      // The corpus's adoption pages are large; its contract pages carry the same island, so they stand in.
      const pages = readdirSync(path.join(sites[site]!.dir, 'contracts'), { recursive: true, encoding: 'utf8' })
        // An adoption's file/ view is a part of its page (shown in a fold), with no explorer of its own.
        .filter((f) => f.endsWith('index.html') && f.includes('/') && !f.endsWith('/file/index.html') && (site === 'embedded' || f.split('/').length === 2))
        // A redirect stub (the newest-version address, an origin) holds no explorer; visiting it only
        // races its refresh (and Chromium's favicon request, a 404 on a stub) against the next page.
        .filter((f) => !redirectOf(readFileSync(path.join(sites[site]!.dir, 'contracts', f), 'utf8')))
        .map((f) => `/contracts/${f.slice(0, -'index.html'.length)}`);
      expect(pages.length).toBeGreaterThan(3);
      const page = await newPage();
      for (const url of pages) {
        await page.goto(sites[site]!.url + url, { waitUntil: 'domcontentloaded' });
        await page.waitForSelector('answer-explorer[data-ready]', { state: 'attached' });
        const radio = page.locator('fieldset.choice:not(:disabled) input[type="radio"]:not(:checked)').first();
        if (await radio.count()) {
          await radio.check();
          const [inPage, inBar] = await Promise.all([counts(page), page.textContent('answer-explorer [data-test-count]')]);
          expect(inBar, url).toBe(inPage);
        }
      }
    }
  }, 120_000);

  it('without JavaScript, an adoption page shows its supplied state in full', async () => {
    const page = await open('embedded', '/contracts/spawn-wave-1/graveyard-horde/', { javaScriptEnabled: false });
    expect(await page.isVisible('answer-explorer')).toBe(false);
    // The options are shown once, whole, the supplied one checked and marked.
    expect(await page.isChecked('[data-question="breather"] input[type="radio"][value="' + (await page.getAttribute('[data-question="breather"]', 'data-answer')) + '"]')).toBe(true);
    expect(await page.isVisible('[data-question="breather"] .choice-supplied')).toBe(true);
    expect(await page.locator('[data-test-name]').count()).toBeGreaterThan(0);
    await page.close();
  });

  // ——— The page model, read in the browser (issue 10) ———

  /** Sections, counts and sentences as the page shows them now. */
  const shown = (page: Page) =>
    page.evaluate(() => ({
      counts: Object.fromEntries([...document.querySelectorAll('[data-section-count]')].map((n) => [n.getAttribute('data-section-count'), n.querySelector('.n')!.textContent])),
      toc: Object.fromEntries([...document.querySelectorAll('toc-list a[href^="#"]')].map((a) => [a.getAttribute('href')!.slice(1), a.querySelector('.note')?.textContent])),
      line: document.querySelector('main [data-test-count]')!.textContent,
      answersIntro: document.querySelector('[data-section-intro="answers"]')?.textContent,
      questions: Object.fromEntries([...document.querySelectorAll('[data-question]')].map((q) => [q.getAttribute('data-question'), q.querySelector('header .badge')!.getAttribute('data-state-label')])),
      templates: Object.fromEntries(
        [...document.querySelectorAll('[data-tests-live] [data-template], [data-tests-waiting] [data-template], [data-tests-off] [data-template]')].map((t) => [
          t.getAttribute('data-template'),
          t.getAttribute('data-live') === 'true' ? 'applies' : t.getAttribute('data-template-state'),
        ]),
      ),
    }));

  /** What the page model says for a state of Backpack (container-2): the static page renders exactly this. */
  function modelOf(answers: Record<string, string> | undefined) {
    const cv = 'container-2';
    const doc = json(path.join(corpusDir, `catalog/${cv}/adoptions/backpack.json`));
    const pack: Pack = json(path.join(corpusDir, `packs/${cv}.pack.json`));
    const base = suppliedState(doc);
    const tried = answers ? { ...base, answers } : base;
    const e = explore(doc as Definition, pack, 'backpack', tried, doc.verification ?? {});
    const m = adoptionPage({
      adoption: 'backpack',
      cv,
      contractTitle: 'Container',
      version: 2,
      definition: doc as Definition,
      hasPack: true,
      evaluation: e.evaluation,
      outcomes: e.templates,
      verification: doc.verification ?? {},
      rows: base.rows,
      findings: 0,
    });
    return {
      url: answers ? `?${encodeState(tried, base).toString()}` : '',
      counts: Object.fromEntries(m.sections.filter((s) => s.count !== undefined).map((s) => [s.id, s.count])),
      toc: Object.fromEntries(m.toc.map((t) => [t.id, t.note])),
      line: `${m.state.countLine}.`,
      answersIntro: m.sections.find((s) => s.id === 'answers')!.intro,
      questions: Object.fromEntries(m.state.questions.map((q) => [q.id, q.badge.label])),
      templates: Object.fromEntries(m.state.templates.map((t) => [t.id, t.state])),
    };
  }

  it.skipIf(!corpusPresent)('one tried state, rendered statically and through the island, has the same sections, counts and sentences', async () => {
    // Statically (no script): the supplied state, exactly as the model words it.
    const still = await open('corpus', '/contracts/container-2/backpack/', { javaScriptEnabled: false });
    const supplied = modelOf(undefined);
    expect(await shown(still)).toEqual({ counts: supplied.counts, toc: supplied.toc, line: supplied.line, answersIntro: supplied.answersIntro, questions: supplied.questions, templates: supplied.templates });
    // Through the island: a tried state from the URL, as the model words it for that state.
    const doc = json(path.join(corpusDir, 'catalog/container-2/adoptions/backpack.json'));
    const tried = modelOf({ ...doc.answers, 'capacity-limit': 'no-limit', 'fill-order': 'first-slot-that-fits' });
    expect(tried.templates).not.toEqual(supplied.templates);
    expect(tried.questions).not.toEqual(supplied.questions);
    const page = await open('corpus', `/contracts/container-2/backpack/${tried.url}`);
    expect(await shown(page)).toEqual({ counts: tried.counts, toc: tried.toc, line: tried.line, answersIntro: tried.answersIntro, questions: tried.questions, templates: tried.templates });
  });

  // ——— The contract page's pack templates: summaries in the page, bodies drawn on opening ———

  /** The text of the page model's pieces, as a page shows them. */
  const piecesText = (pieces: Piece[]): string => pieces.map((p) => (p.kind === 'condition' ? piecesText(p.pieces) : p.text)).join('');

  /** ranged-value-2's definition and pack, and the page model's template states for a tried state (none: the page as built). */
  function rangedValue(answers: Record<string, string> = {}) {
    const definition: Definition = json(path.join(corpusDir, 'catalog/ranged-value-2/definition.json'));
    const pack: Pack = json(path.join(corpusDir, 'packs/ranged-value-2.pack.json'));
    const tried = { answers, values: {}, rows: {} };
    const e = explore(definition, pack, STAND_IN_ADOPTION, tried);
    const url = Object.keys(answers).length ? `?${encodeState(tried, { answers: {}, values: {}, rows: {} }).toString()}` : '';
    return { definition, naming: definitionNaming(definition), pack, url, templates: pageState(definition, e.evaluation, e.templates, 'contract').templates };
  }

  /** Every pack template's summary (and reasons, when the page has them) as the page shows it. */
  const summaries = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('details.template')].map((d) => ({
        id: d.getAttribute('data-template'),
        live: d.getAttribute('data-live'),
        state: d.getAttribute('data-template-state'),
        title: d.querySelector('summary .title')!.textContent,
        chips: d.querySelector('summary .chips')!.textContent,
        when: d.querySelector('summary .when-line')!.textContent,
        reasons: [...d.querySelectorAll('.fold-body > ul.reasons > li')].map((li) => li.textContent),
      })),
    );

  it.skipIf(!corpusPresent)('contract page without JavaScript: each template shows its name, id and state in its summary, and its fold links to the pack file', async () => {
    const page = await open('corpus', '/contracts/ranged-value-2/', { javaScriptEnabled: false });
    const { pack, naming, templates } = rangedValue();
    expect(templates.filter((t) => t.state === 'off').length).toBeGreaterThan(0);
    expect(await summaries(page)).toEqual(
      pack.templates.map((t, i) => {
        const item = templates[i]!;
        const s = templateSummary(t, naming);
        return {
          id: t.id,
          live: String(item.state === 'applies'),
          state: item.state,
          title: `${i + 1}. ${t.title} ${item.badge.label}`,
          chips: `${t.id}${s.kind}${piecesText(s.expands)}`,
          when: piecesText(s.when),
          // Why a template does not apply is its state; why one waits, its badge and "Applies when" say.
          reasons: item.state === 'off' ? item.reasons : [],
        };
      }),
    );
    // The body is not in the page: each fold names the published file that holds it.
    expect(await page.locator('details.template .test-view, details.template p.text').count()).toBe(0);
    const links = await page.locator('details.template [data-template-file] a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual(pack.templates.map(() => '/contracts/ranged-value-2/ranged-value-2.pack.json'));
  });

  it.skipIf(!corpusPresent)('contract page: a template’s body is drawn when its fold first opens, as the model words it, and its reasons follow the tried answers', async () => {
    const tried = rangedValue({ 'number-kind': 'fractional' });
    const before = rangedValue();
    const page = await open('corpus', `/contracts/ranged-value-2/${tried.url}`);
    // The tried state changes the states the page was built with; the summaries follow it.
    expect(tried.templates.map((t) => t.state)).not.toEqual(before.templates.map((t) => t.state));
    expect((await summaries(page)).map((s) => s.state)).toEqual(tried.templates.map((t) => t.state));
    // Bindings and inputs (limits-hold), per-row bindings (drift-moves-value), and states the tried answers changed.
    const ids = ['limits-hold', 'drift-moves-value', 'fractional-change-resolves', 'fractional-value-keeps-no-store'];
    for (const id of ids) {
      const t = tried.pack.templates.find((x) => x.id === id)!;
      const item = tried.templates.find((x) => x.id === id)!;
      const fold = `details.template[data-template="${id}"]`;
      expect(await page.locator(`${fold} .test-view`).count(), id).toBe(0);
      await page.click(`${fold} > summary`);
      await page.waitForSelector(`${fold}[data-drawn]`);
      const body = templateBody(t, tried.naming);
      const drawn = await page.evaluate((sel) => {
        const d = document.querySelector(sel)!;
        const texts = (q: string) => [...d.querySelectorAll(q)].map((n) => n.textContent);
        return {
          reasons: texts('.fold-body > ul.reasons > li'),
          facts: [...d.querySelectorAll('dl.facts > div')].map((div) => [div.querySelector('dt')!.textContent, div.querySelector('dd')!.textContent]),
          bindings: texts('.table-wrap tbody tr').length ? [...d.querySelectorAll('.table-wrap tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent)) : undefined,
          test: [...d.querySelectorAll('dl.test-view > div')].map((div) => [div.getAttribute('data-field'), div.querySelector('dt')!.textContent, div.querySelector('dd')!.textContent]),
          text: d.querySelector('p.text')!.textContent,
          marks: d.querySelectorAll('p.text mark.placeholder').length,
          file: d.querySelectorAll('[data-template-file]').length,
        };
      }, fold);
      expect(drawn, id).toEqual({
        reasons: item.reasons,
        facts: body.facts.map((f) => [f.label, f.pieces ? piecesText(f.pieces) : f.list!.map(piecesText).join('')]),
        bindings: body.bindings?.rows.map((r) => [r.id, piecesText(r.by), r.phrases.map(piecesText).join('')]),
        test: body.test.rows.map((r) => [r.key, r.label, r.items.join('')]),
        text: t.text,
        marks: (t.text.match(/\{\{[^{}]+\}\}/g) ?? []).length,
        file: 0,
      });
    }
    expect(tried.pack.templates.find((t) => t.id === 'limits-hold')!.inputs).toBeDefined();
    expect(await page.locator('details.template[data-template="drift-moves-value"] .table-wrap tbody tr').count()).toBeGreaterThan(0);
    // An open fold's reasons follow the next change: back to whole numbers, fractional-value-keeps-no-store stops applying.
    await page.check('input[name="number-kind"][value="whole-number"]');
    const now = rangedValue({ 'number-kind': 'whole-number' }).templates.find((t) => t.id === 'fractional-value-keeps-no-store')!;
    expect(now.reasons.length).toBeGreaterThan(0);
    expect(await page.locator('details.template[data-template="fractional-value-keeps-no-store"] .fold-body > ul.reasons > li').allTextContents()).toEqual(now.reasons);
  });

  it.skipIf(!corpusPresent)('names read as names: h1, title, breadcrumbs, row sets and options; the ids stay beside them', async () => {
    const page = await open('corpus', '/contracts/container-2/backpack/');
    expect(await page.textContent('h1')).toBe('Backpack');
    expect(await page.title()).toMatch(/^Backpack · Container, version 2/);
    const crumbs = await page.locator('nav[aria-label="Breadcrumb"] li').allTextContents();
    expect(crumbs.slice(-2).map((c) => c.trim())).toEqual(['Container, version 2', 'Backpack']);
    expect(await page.textContent('.kicker')).toBe('Adoption of Container, version 2');
    expect((await page.textContent('[data-rowset="items"] h3'))!.replace(/\s+/g, ' ')).toMatch(/^Items items 3 rows/);
    expect((await page.textContent('[data-option-choice="slot-count"] .choice-name'))!.replace(/\s+/g, ' ').trim()).toMatch(/^Slot count slot-count/);
    expect(await page.textContent('tr[data-value="slot-count"] th')).toMatch(/^Slot count\s*slot-count$/);
  });

  it.skipIf(!corpusPresent)('each option shows once, whole, at 390 px; the supplied one is marked, the tried one too', async () => {
    const page = await open('corpus', '/contracts/container-2/backpack/');
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.locator('text=/All \\d+ options/').count()).toBe(0);
    const clipped = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.choice-meaning')].filter((m) => m.scrollWidth > m.clientWidth + 1 || getComputedStyle(m).textOverflow === 'ellipsis').length,
    );
    expect(clipped).toBe(0);
    expect(await page.locator('[data-question="fill-order"] .choice-option').count()).toBe(await page.locator('[data-question="fill-order"] input[type="radio"]').count());
    expect(await page.isVisible('[data-option-choice="top-up-then-first-empty"] .choice-supplied')).toBe(true);
    await page.check('input[name="fill-order"][value="append"]');
    expect(await page.isVisible('[data-option-choice="append"] .choice-tried')).toBe(true);
    expect(await page.isVisible('[data-option-choice="top-up-then-first-empty"] .choice-supplied')).toBe(true);
    // The rationale is folded.
    expect(await page.isVisible('[data-question="fill-order"] details.why > summary:text("Why this is asked")')).toBe(true);
    expect(await page.getAttribute('[data-question="fill-order"] details.why', 'open')).toBeNull();
  });

  it.skipIf(!corpusPresent)('at 1440 and 390 px each option is a row whose name, id, marks and meaning show whole and apart; every supplied answer shows at a glance', async () => {
    const page = await open('corpus', '/contracts/container-2/backpack/');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const problems = await page.evaluate(() => {
        const out: string[] = [];
        const meet = (a: DOMRect, b: DOMRect) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
        const folded = (e: Element) => e.closest('details:not([open])') !== null && !e.closest('summary');
        for (const q of document.querySelectorAll<HTMLElement>('main [data-question]')) {
          const id = q.dataset.question!;
          // The supplied answer: checked, marked, outside any fold, its mark and name shown.
          const mark = q.querySelector<HTMLElement>('.choice-supplied');
          const option = mark?.closest('.choice-option');
          if (!mark || !option) out.push(`${id}: no supplied mark`);
          else {
            if (!option.querySelector<HTMLInputElement>('input')!.checked) out.push(`${id}: supplied option not checked`);
            if (folded(option) || mark.getBoundingClientRect().width === 0 || getComputedStyle(mark).visibility !== 'visible') out.push(`${id}: supplied answer not shown`);
          }
          for (const o of q.querySelectorAll<HTMLElement>('.choice-option')) {
            const name = o.querySelector('.choice-name')!;
            const text = document.createRange();
            text.selectNodeContents(name.firstChild!);
            // Every part of the row, the hidden "Tried" too: it keeps its room, and must not land on anything.
            const parts: [string, DOMRect][] = [
              ['name', text.getBoundingClientRect()],
              ...[...o.querySelectorAll('.choice-name code, .choice-supplied, .choice-tried, .choice-meaning, .choice-more')]
                .filter((e) => getComputedStyle(e).display !== 'none')
                .map((e): [string, DOMRect] => [e.className || e.tagName, e.getBoundingClientRect()]),
            ];
            const row = o.getBoundingClientRect();
            for (const [what, r] of parts) {
              if (r.width === 0) out.push(`${id}/${o.dataset.optionChoice} ${what}: not shown`);
              if (r.left < row.left - 1 || r.right > row.right + 1 || r.right > document.documentElement.clientWidth) out.push(`${id}/${o.dataset.optionChoice} ${what}: outside its row`);
            }
            for (let i = 0; i < parts.length; i++)
              for (let j = i + 1; j < parts.length; j++) if (meet(parts[i]![1], parts[j]![1])) out.push(`${id}/${o.dataset.optionChoice}: ${parts[i]![0]} overlaps ${parts[j]![0]}`);
            if (folded(o.querySelector('.choice-meaning')!)) out.push(`${id}/${o.dataset.optionChoice}: meaning folded`);
          }
          // "Why this is asked" shares the id's line where there is room: it must not sit on the line's words.
          const why = q.querySelector('details.why > summary')!.getBoundingClientRect();
          for (const e of q.querySelectorAll('.meta > *')) if (meet(why, e.getBoundingClientRect())) out.push(`${id}: "Why this is asked" overlaps ${e.className}`);
        }
        return out;
      });
      expect(problems, `${width}px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}px`).toBe(width);
    }
    // Opening the rationale leaves its summary where it was and shows the text below.
    const summary = page.locator('[data-question="fill-order"] details.why > summary');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await summary.scrollIntoViewIfNeeded();
      const at = () => summary.evaluate((e) => e.getBoundingClientRect().top + scrollY);
      const before = await at();
      await summary.click();
      expect(await page.isVisible('[data-question="fill-order"] details.why > .fold-body')).toBe(true);
      expect(Math.abs((await at()) - before), `${width}px`).toBeLessThan(1);
      await summary.click();
    }
  });

  it.skipIf(!corpusPresent)('templates that do not apply are folded to their state and title, reasons on demand; one the explorer moves there is folded alike', async () => {
    const page = await open('corpus', '/contracts/container-2/backpack/');
    const offs = () =>
      page.$$eval('[data-tests-off] [data-template]', (items) =>
        items.map((li) => {
          const summary = li.querySelector('details > summary');
          return {
            id: li.getAttribute('data-template'),
            open: li.querySelector('details')!.open,
            badge: summary?.querySelector('.badge')?.getAttribute('data-state-label'),
            title: summary?.querySelector('.title')?.textContent,
            // checkVisibility: a closed fold's content keeps a layout box in Chromium but is not shown.
            shown: summary?.checkVisibility() ?? false,
            reasons: li.querySelector('.reasons')!.textContent,
            reasonsShown: li.querySelector('.reasons')!.checkVisibility(),
          };
        }),
      );
    const titles = Object.fromEntries(json(path.join(corpusDir, 'packs/container-2.pack.json')).templates.map((t: { id: string; title: string }) => [t.id, t.title]));
    const check = async (answers: Record<string, string> | undefined) => {
      const m = modelOf(answers);
      const want = Object.entries(m.templates).filter(([, state]) => state === 'off').map(([id]) => id);
      const got = await offs();
      expect(got.map((o) => o.id)).toEqual(want);
      expect((await page.textContent('[data-section-count="not-applying"] .n'))?.trim()).toBe(String(want.length));
      for (const o of got) {
        expect(o, o.id!).toMatchObject({ open: false, badge: 'Does not apply', title: titles[o.id!], shown: true, reasonsShown: false });
        expect(o.reasons).toMatch(/does not apply because/);
      }
      return got;
    };
    const before = await check(undefined);
    await page.click(`[data-tests-off] [data-template="${before[0]!.id}"] summary`);
    expect(await page.isVisible(`[data-tests-off] [data-template="${before[0]!.id}"] .reasons`)).toBe(true);
    expect(await page.isVisible(`[data-tests-off] [data-template="${before[0]!.id}"] a.id`)).toBe(true);
    await page.click(`[data-tests-off] [data-template="${before[0]!.id}"] summary`);
    // A tried answer moves takes-what-fits among them: cloned by the island, folded the same way.
    await page.check('input[name="partial-acceptance"][value="all-or-nothing"]');
    const after = await check({ ...json(path.join(corpusDir, 'catalog/container-2/adoptions/backpack.json')).answers, 'partial-acceptance': 'all-or-nothing' });
    expect(after.map((o) => o.id)).toContain('takes-what-fits');
  });

  it.skipIf(!corpusPresent)('a view the island redraws is the markup the build wrote: tests and templates, back to the supplied answers', async () => {
    const page = await open('corpus', '/contracts/container-2/backpack/');
    const lists = () => page.$$eval('[data-tests-live], [data-tests-waiting] ul, [data-tests-off] ul', (els) => els.map((el) => el.innerHTML));
    const built = await lists();
    // A fill order that moves templates between the lists, then "Restore": each moved template is
    // drawn again by the island, in the supplied state, and must read as the build wrote it.
    await page.check('input[name="partial-acceptance"][value="all-or-nothing"]');
    const tried = await lists();
    expect(tried).not.toEqual(built);
    await page.click('[data-action="restore"]');
    expect(await lists()).toEqual(built);
  });

  it.skipIf(!corpusPresent)('choosing an answer moves nothing under the pointer, at 1280 and 390 px', async () => {
    const page = await open('corpus', '/contracts/container-2/backpack/');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [q, option] of [['fill-order', 'append'], ['capacity-limit', 'no-limit'], ['draw-order', 'first-in-order'], ['fill-order', 'first-slot-that-fits'], ['fill-order', 'top-up-then-first-empty']] as const) {
        const target = page.locator(`[data-option-choice="${option}"]`);
        await target.scrollIntoViewIfNeeded();
        // Where the option is on the page (the click may scroll it clear of the bar first).
        const box = () => target.evaluate((e) => { const r = e.getBoundingClientRect(); return { y: r.top + scrollY, height: r.height }; });
        const before = await box();
        await target.click();
        expect(await page.isChecked(`input[name="${q}"][value="${option}"]`)).toBe(true);
        const after = await box();
        expect(Math.abs(after.y - before.y), `${width}px ${q}=${option}`).toBeLessThan(1);
        expect(Math.abs(after.height - before.height), `${width}px ${q}=${option}`).toBeLessThan(1);
      }
      await page.click('[data-action="restore"]');
    }
  });

  it.skipIf(!corpusPresent)('before any answer, a contract page says which templates wait on an answer, not that they do not apply', async () => {
    const page = await open('corpus', '/contracts/container-2/');
    const line = await page.textContent('main [data-test-count]');
    expect(line).toMatch(/wait on an answer or a row\.$/);
    expect(line).not.toContain('do not apply');
    expect(await page.locator('details.template[data-template-state="waits"]').count()).toBeGreaterThan(0);
    expect(await page.locator('details.template[data-template-state="waits"] summary .badge').first().getAttribute('data-state-label')).toMatch(/^Waits on (question \d+|rows)$/);
    expect(await page.locator('[data-question] header .badge[data-state-label^="Waits on question"]').count()).toBeGreaterThan(0);
    await page.check('input[name="capacity-limit"][value="slot-count"]');
    expect(await page.locator('[data-question="partial-acceptance"] header .badge').getAttribute('data-state-label')).toBe('Asked, no answer yet');
  });

  it.skipIf(!corpusPresent)('a value typed as text reads as a citation; a value that breaks a rule says the rule now fails', async () => {
    const page = await open('corpus', '/contracts/container-2/backpack/');
    const events: unknown[] = [];
    await page.exposeFunction('recordChange', (d: unknown) => events.push(d));
    await page.evaluate(() => document.addEventListener('answer-explorer:change', (e) => (window as unknown as { recordChange(d: unknown): void }).recordChange((e as CustomEvent).detail)));
    await page.fill('input[data-try-value="slot-count"]', 'abc');
    await page.press('input[data-try-value="slot-count"]', 'Enter');
    expect(await page.getAttribute('tr[data-value="slot-count"] [data-value-badge] .badge', 'data-state-label')).toBe('Citation, not well formed');
    await page.fill('input[data-try-value="size-budget"]', '-5');
    await page.press('input[data-try-value="size-budget"]', 'Enter');
    expect(await page.textContent('[data-change]')).toContain('Rule size-budget-not-negative now fails.');
    expect(await page.getAttribute('[data-rule="size-budget-not-negative"] .result .badge', 'data-state-label')).toBe('Fails');
    expect(events.length).toBe(2);
    expect(events[1]).toEqual({ answers: json(path.join(corpusDir, 'catalog/container-2/adoptions/backpack.json')).answers });
  });

  it.skipIf(!corpusPresent)('slips: line count, old versions, heading links, wide tables reachable by keyboard, where to change the file', async () => {
    const page = await open('corpus', '/contracts/container-1/backpack/');
    const raw = readFileSync(path.join(corpusDir, 'catalog/container-1/adoptions/backpack.json'), 'utf8');
    const lines = raw.split('\n').length - (raw.endsWith('\n') ? 1 : 0);
    expect(await page.textContent('details.file > summary')).toContain(`(${lines} lines)`);
    // An older version says so and links to the same page in the newest.
    expect(await page.getAttribute('[data-newer-version] a', 'href')).toBe('/contracts/container-2/backpack/');
    const contract = await open('corpus', '/contracts/container-1/');
    expect(await contract.getAttribute('[data-newer-version] a', 'href')).toBe('/contracts/container-2/');
    // The "#" link sits beside the heading: the heading's name is its words and count only.
    const heading = await page.locator('h2#answers').evaluate((h) => (h as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
    expect(heading).toMatch(/^Answers \(? ?6\/6 ?\)?$/);
    expect(heading).not.toContain('Link');
    expect(await page.locator('h2 a.self').count()).toBe(0);
    // Every scrolling wrapper takes focus and has a name.
    const wraps = await page.evaluate(() => [...document.querySelectorAll('main .table-wrap')].map((w) => [w.getAttribute('tabindex'), w.getAttribute('aria-label') ?? '']));
    expect(wraps.length).toBeGreaterThan(0);
    for (const [tab, label] of wraps) {
      expect(tab).toBe('0');
      expect(label?.length ?? 0).toBeGreaterThan(0);
    }
    await page.focus('[data-rowset="items"] .table-wrap');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Rows of Items');
    // Answers tried here do not change the file; the authoring tool is where to change it.
    expect(await page.getAttribute('a[data-authoring-tool]', 'href')).toBe('https://opengdd.org/authoring-tool/?contract=container-1&adoption=backpack');
    expect(await page.textContent('.tried-note')).toContain('Answers you try on this page do not change this file.');
  });

  it.skipIf(!corpusPresent)('Poison window: the seed’s sentences for a contract with no numbers and no rules', async () => {
    const page = await open('corpus', '/contracts/timed-window-2/poison-window/');
    const text = (await page.textContent('main'))!.replace(/\s+/g, ' ');
    for (const sentence of [
      'This contract has no numbers to set.',
      'This contract has no rules between its numbers.',
      'Each list holds the rows this adoption supplies. A list can be empty.',
      'Some tests need a scope or seeds from the adoption before they can run.',
      'The contract comes with 7 tests. A test that runs once per row is counted once for each row. Tests that do not apply to these answers are still listed, with the reason.',
      'Answers you try on this page do not change this file. To change an adoption, open it in the authoring tool.',
    ]) expect(text).toContain(sentence);
    expect(await page.textContent('h1')).toBe('Poison window');
    expect(text).not.toContain('0 of 0');
  });
});
