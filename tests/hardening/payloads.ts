/**
 * A hostile but VALID catalog: a copy of the embedded one whose strings carry markup and script
 * URLs in every place a catalog string can reach a page — definition prose, questions, options,
 * declarations, rules, origins, row strings, citations, verification inputs, pack templates and the
 * about.mdx frontmatter — plus `__proto__` annotations everywhere (see `faults.ts`). `check` passes
 * and the site builds; the browser test then proves that every one of these strings is text.
 *
 * Every payload calls `alert(<n>)` with its own number, so a dialog that fires names its source.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../helpers/paths.ts';
import { copyCatalog } from '../helpers/site.ts';
import { ANNOTATIONS, editDefinitionEverywhere, editJson, editPack } from './faults.ts';

/** A script element and an image whose error handler runs script. */
export const markup = (n: number): string => `<script>alert(${n})</script><img src=x onerror=alert(${n})>`;
/** The same without whitespace, for strings whose grammar forbids it (citations). */
export const tightMarkup = (n: number): string => `<img/src=x/onerror=alert(${n})>`;

const SPAWN = 'catalog/spawn-wave-1';
const CASTLE = `${SPAWN}/adoptions/castle-siege.json`;

/** The about.mdx title of spawn-wave-1 (also a Pagefind filter value and the social card's title). */
export const TITLE = `Spawn ${markup(27)} wave`;

/** Texts the pages must show literally (visible text), with the page they are on. */
export const VISIBLE: { page: string; text: string }[] = [
  { page: 'contracts/spawn-wave-1/', text: `How do the waves advance? ${markup(13)}` },
  { page: 'contracts/spawn-wave-1/', text: markup(15) },
  { page: 'contracts/spawn-wave-1/', text: 'javascript:alert(21)' },
  { page: 'contracts/spawn-wave-1/', text: TITLE },
  { page: 'contracts/', text: `Encounters ${markup(35)}` },
  { page: 'contracts/', text: markup(36) },
  { page: 'contracts/spawn-wave-1/castle-siege/', text: `${tightMarkup(23)}.md#gate` },
  { page: 'contracts/spawn-wave-1/castle-siege/', text: `every defence ${markup(24)} javascript:alert(25)` },
];

/** Definition origins: a script URL in several spellings, a data URL, and paths no file can have. */
export const ORIGINS: Record<string, string> = {
  'spawn-wave-1': 'javascript:alert(21)',
  'container-1': ' JaVaScRiPt:alert(40)',
  'timed-window-2': 'data:text/html,<script>alert(41)</script>',
  'clamped-meter-1': 'https://opengdd.org/contracts/%E0%A4%A',
  'clamped-meter-2': 'https://opengdd.org/contracts/held%00back/',
};

/** Builds the hostile catalog in a fresh temporary folder; the caller removes it. */
export function hostileCatalog(): string {
  const root = copyCatalog(repoRoot);

  for (const [cv, origin] of Object.entries(ORIGINS)) editDefinitionEverywhere(root, `catalog/${cv}`, (d) => void (d.origin = origin));

  editDefinitionEverywhere(root, SPAWN, (d) => {
    d.summary = `Enemies arrive in waves. ${markup(11)}`;
    d.mechanism[0] = `${d.mechanism[0]} ${markup(12)}`;
    d.questions.advance.asks = `How do the waves advance? ${markup(13)}`;
    d.questions.advance.options['on-schedule'].meaning = `By the clock. ${markup(14)} [click](javascript:alert(14))`;
    d.questions.breather.otherwise = `${d.questions.breather.otherwise} ${markup(33)}`;
    d.declares.values['first-wave-delay'].description = markup(15);
    d.declares.rows.waves.description = `One row per wave. ${markup(16)}`;
    d.declares.rows.waves['when-empty'] = `No waves. ${markup(17)}`;
    d.declares.rows.waves.record.enemy.description = `The enemy. ${markup(18)}`;
    d.declares.rows.waves.record.note = { type: 'string', description: `A free note. ${markup(19)}` };
    d.rules['growth-needs-a-cap'].message = `Uncapped growth. ${markup(20)}`;
  });

  editJson(root, CASTLE, (d) => {
    d.rows.waves[0].note = markup(22);
    d.rows.waves[0]['spawn-at'] = `${tightMarkup(23)}.md#gate`;
    d.verification['waves-come-in-order'].scope = `every defence ${markup(24)} javascript:alert(25)`;
  });

  editPack(root, 'spawn-wave-1', (p) => {
    const t = p.templates.find((x: { id: string }) => x.id === 'wave-sends-its-count');
    t.title = `${t.title} ${markup(31)}`;
    t.text = `${t.text} ${markup(32)}`;
    t.test.when = [`the wave releases its enemies ${markup(34)}`];
  });

  const about = path.join(root, SPAWN, 'about.mdx');
  const text = readFileSync(about, 'utf8')
    .replace(/^title: .*$/m, `title: ${JSON.stringify(TITLE)}`)
    .replace(/^benefit: .*$/m, `benefit: ${JSON.stringify(`Waves as designed. ${markup(28)}`)}`)
    .replace(/^aliases:\n/m, `aliases:\n  - ${JSON.stringify('javascript:alert(29)')}\n  - ${JSON.stringify(markup(30))}\n`);
  writeFileSync(about, text);

  editJson(root, 'catalog/groups.json', (groups) => {
    const g = (groups as unknown as { id: string; title: string; description: string }[]).find((x) => x.id === 'encounters-and-pacing')!;
    g.title = `Encounters ${markup(35)}`;
    g.description = markup(36);
  });

  for (const a of ANNOTATIONS) a.plant(root);
  return root;
}
