/**
 * Words in one place: every sentence a reader sees comes from the page model's word tables
 * (src/lib/site/model/), so a component, page, layout or island script writes none of its own.
 * The check reads each file as its compiler does — `.astro` through Astro's parser (template text,
 * attribute values, string literals of the frontmatter and the expressions, island `<script>`s),
 * `.ts` through TypeScript's — and reports every piece of English in it: template text with a
 * word in it, and string literals that read as words (two or more, or one capitalised).
 * Pure: no build, no browser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from '@astrojs/compiler-rs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
// The views the island redraws (lib/site/view/) are components too, written as functions; the
// rest of lib/site/ makes the sentences they show. Its model/ is where the words live.
const FOLDERS = ['src/components', 'src/pages', 'src/layouts', 'src/scripts', 'src/lib/site'];
const WORD_TABLES = 'src/lib/site/model/';

/**
 * What is not prose although it looks like words, by file: each entry says why. Keep it short:
 * a sentence belongs in the word tables, not here.
 */
const NOT_PROSE: Record<string, readonly string[]> = {
  // CSS selectors the element looks its table up by.
  'src/scripts/compare/element.ts': ['thead th', 'thead tr'],
  // A key's name (`KeyboardEvent.key`), compared with what the browser reports.
  'src/scripts/search/start.ts': ['Enter'],
  // The social card's font stack (an SVG `font-family`), names of fonts.
  'src/lib/site/social.ts': ['DejaVu Sans, Liberation Sans, Arial, sans-serif'],
};

/** Attributes whose values are names for the machine (classes, ids, addresses, states), never read. */
const MACHINE_ATTRIBUTES = /^(class|class:list|id|name|for|href|src|srcset|rel|type|role|slot|lang|loading|tabindex|method|action|target|download|media|sizes|content|charset|autocomplete|inputmode|enterkeyhint|viewBox|d|fill|stroke[\w-]*|width|height|x|y|rx|ry|cx|cy|r|points|transform|xmlns|is:[\w-]+|set:[\w-]+|define:vars|data-(?!label\b)[\w-]+|aria-(hidden|live|controls|current|expanded|haspopup|labelledby|describedby|pressed|modal|atomic|busy|owns|level|selected|checked|disabled))$/;

/** A word as prose writes it: letters, perhaps a closing mark. */
const WORD = /^[(“"‘]?[A-Za-z][a-z’']*[)”"’,.;:!?…]*$/;

/** Whether a string literal reads as English: two words or more, or one capitalised word. */
export function readsAsWords(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t) return false;
  const tokens = t.split(' ');
  const words = tokens.filter((w) => WORD.test(w));
  if (words.length >= 2) return true;
  return tokens.length === 1 && /^[A-Z][a-z]+[.:…]?$/.test(t);
}

/** One piece of English where none belongs. */
interface Found {
  file: string;
  text: string;
}

type Node = { type?: string; [key: string]: unknown };

/** The English in a TypeScript source (an island script, an endpoint, a `<script>`'s body). */
function inTypeScript(file: string, source: string): string[] {
  const out: string[] = [];
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) return;
    // An attribute of a view's element tree (`h('p', { class: 'test fold' })`) is read as an
    // attribute of a template is: a machine attribute's value is not prose.
    if (ts.isPropertyAssignment(n) && (ts.isIdentifier(n.name) || ts.isStringLiteral(n.name)) && MACHINE_ATTRIBUTES.test(n.name.text)) return;
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) {
      if (readsAsWords(n.text)) out.push(n.text);
    } else if (ts.isTemplateExpression(n)) {
      const text = [n.head.text, ...n.templateSpans.map((s) => `{}${s.literal.text}`)].join('');
      if (readsAsWords(text)) out.push(text);
      n.templateSpans.forEach((s) => visit(s.expression));
      return;
    } else if (ts.isCallExpression(n) && /^(import|require)$/.test(n.expression.getText(sf))) return;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** The text of a JSX child that is plain text (a `<code>` holding a name is not prose). */
function textOf(children: unknown): string {
  return Array.isArray(children) ? children.map((c: Node) => (c.type === 'JSXText' ? String(c.value) : '')).join('') : '';
}

/** The English in an `.astro` file. */
function inAstro(source: string): string[] {
  const out: string[] = [];
  const { ast } = parse(source) as { ast: Node };
  const walk = (n: unknown, parent?: Node): void => {
    if (Array.isArray(n)) return n.forEach((x) => walk(x, parent));
    if (!n || typeof n !== 'object') return;
    const node = n as Node;
    switch (node.type) {
      case 'ImportDeclaration':
      case 'ExportNamedDeclaration':
      case 'ExportAllDeclaration':
      case 'ImportExpression':
        return;
      case 'JSXElement': {
        const name = ((node.openingElement as Node).name as Node).name;
        // Styles are CSS. (A script's body is parsed as a program: its literals are walked below.)
        if (name === 'style') return;
        if (name === 'code' && /^\S*$/.test(textOf(node.children).trim())) return walk(node.openingElement, node);
        break;
      }
      case 'JSXText': {
        // Any word is prose here; what is left of a file name around an expression (`.pack.json`) is not.
        const text = String(node.value).replace(/\s+/g, ' ').trim();
        if (text.split(' ').some((w) => WORD.test(w))) out.push(text);
        return;
      }
      case 'JSXAttribute': {
        const attr = String((node.name as Node).name ?? (node.name as Node & { namespace?: Node }).namespace);
        const value = node.value as Node | null;
        if (value?.type === 'Literal') {
          if (!MACHINE_ATTRIBUTES.test(attr) && readsAsWords(String(value.value))) out.push(String(value.value));
          return;
        }
        if (MACHINE_ATTRIBUTES.test(attr)) return;
        break;
      }
      case 'Literal':
        if (typeof node.value === 'string' && readsAsWords(node.value)) out.push(node.value);
        return;
      case 'TemplateLiteral': {
        const quasis = (node.quasis as Node[]).map((q) => String((q.value as { cooked?: string }).cooked ?? ''));
        const text = quasis.join('{}');
        if (readsAsWords(text)) out.push(text);
        walk(node.expressions, node);
        return;
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'comments' && value && typeof value === 'object') walk(value, node);
  };
  walk(ast);
  return out;
}

/** Every file of the folders, recursively. */
function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(astro|ts)$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** The English written directly in the project's views. */
export function englishInViews(folders = FOLDERS): Found[] {
  return folders.flatMap(filesUnder).filter((file) => !file.startsWith(WORD_TABLES)).flatMap((file) => {
    const source = readFileSync(join(ROOT, file), 'utf8');
    const allowed = new Set(NOT_PROSE[file] ?? []);
    const texts = file.endsWith('.astro') ? inAstro(source) : inTypeScript(file, source);
    return texts.filter((text) => !allowed.has(text)).map((text) => ({ file, text }));
  });
}

describe('words in one place', () => {
  it('finds a sentence written in a template, an attribute, a script and a frontmatter', () => {
    const astro = [
      '---',
      "const note = 'Answers tried here stay here.';",
      "const id = 'slot-count';",
      '---',
      '<p class="intro wide">Some words</p>',
      '<button aria-label="Close the dialog" data-x="a b">{id}</button>',
      '<code>contracts/</code>',
      '<script>',
      "  const done = 'Copied';",
      "  document.querySelector('[data-x] .intro');",
      '</script>',
      '<style>p { display: block }</style>',
    ].join('\n');
    expect(inAstro(astro).sort()).toEqual(['Answers tried here stay here.', 'Close the dialog', 'Copied', 'Some words']);
    expect(inTypeScript('x.ts', "import a from 'Some Module'; el.title = `Open ${n} tests`; el.dataset.state = 'per-row';")).toEqual(['Open {} tests']);
  });

  it('no component, page, layout or island script writes English of its own', () => {
    const found = englishInViews();
    expect(found.map((f) => `${f.file}: ${f.text}`)).toEqual([]);
  });
});
