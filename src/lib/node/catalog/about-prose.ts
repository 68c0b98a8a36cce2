/**
 * What an about.mdx may say after its frontmatter: Markdown, nothing that runs or injects.
 *
 * The site renders the prose through @astrojs/mdx, and MDX is a program: an `import`/`export`
 * runs at build time (it can read any file or environment variable into the page), a `{…}`
 * expression is evaluated, a `<tag>` is emitted as markup (event handlers included), and a
 * `javascript:` link runs on click. A catalog may come from someone else, so its prose is held to
 * Markdown: headings, paragraphs, emphasis, lists, code, tables, links and images to web, mail
 * and relative addresses. The parser is satteri, the one Astro's MDX uses, so `check` sees what
 * the build would.
 */
import { mdxToMdast } from 'satteri';

/** One reason the prose cannot be rendered, as a sentence naming its line and column. */
export type ProseProblem = string;

/** An image of the prose at an address relative to about.mdx (the build bundles the file). */
export interface LocalImage {
  url: string;
  line: number;
  column: number;
}

/** What {@link readProse} found. */
export interface ProseReading {
  problems: ProseProblem[];
  /** Relative images, to be checked against the folder (see `about-images.ts`). */
  localImages: LocalImage[];
}

interface MdastNode {
  type: string;
  name?: string | null;
  url?: string;
  identifier?: string;
  children?: MdastNode[];
  position?: { start: { line: number; column: number } };
}

/*
 * Limits checked before parsing, because the parser's time grows with the square of some inputs:
 * quotes and lists nested on one line (100,000 `>` take seconds), and `{` or `<` outside code,
 * each of which starts an expression or a tag that may run to the end of the file (32,000 `{`
 * take 3.5 s, a 2 MB file of them hours). Within these limits the worst case seen parses in well
 * under 0.1 s.
 */
/** Quote and list markers on one line. */
const MAX_LINE_NESTING = 32;
/** Characters of prose after the frontmatter: a long article is half of it. */
const MAX_PROSE_CHARS = 64 * 1024;
/** Unescaped `{` and `<` outside fenced code (outside inline code, every one is a finding anyway). */
const MAX_OPENERS = 200;

/** URL schemes a link or image in the prose may use; an address without a scheme is relative. */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * Reads `text` (the whole about.mdx, frontmatter included, so lines count from the top of the
 * file): every reason it is not plain Markdown prose (a parse error, or the first few constructs
 * that MDX would run or emit as markup) and the images it takes from beside the file.
 */
export function readProse(text: string): ProseReading {
  const tooCostly = costProblem(text);
  if (tooCostly) return { problems: [tooCostly], localImages: [] };
  let tree: MdastNode;
  try {
    tree = mdxToMdast(text) as MdastNode;
  } catch (e) {
    return { problems: [parseProblem(String((e as Error).message ?? e))], localImages: [] };
  }
  const problems: ProseProblem[] = [];
  const images: MdastNode[] = [];
  const definitions = new Map<string, MdastNode>();
  const imageReferences: MdastNode[] = [];
  // Depth first, in document order, without recursion (nesting across lines has no limit).
  const stack: MdastNode[] = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    const problem = constructProblem(node);
    if (problem) problems.push(`${where(node)}${problem}`);
    else {
      if (node.type === 'image') images.push(node);
      if (node.type === 'definition' && node.identifier) definitions.set(node.identifier, node);
      if (node.type === 'imageReference') imageReferences.push(node);
      for (let i = (node.children?.length ?? 0) - 1; i >= 0; i--) stack.push(node.children![i]!);
    }
  }
  // Astro bundles a file beside about.mdx only for an inline image; `![alt][ref]` would be published
  // with an address that leads nowhere.
  for (const ref of imageReferences) {
    const url = definitions.get(ref.identifier ?? '')?.url;
    if (url && isRelative(url)) {
      problems.push(`${where(ref)}an image reference to "${url}": a file beside about.mdx is published only from an inline image, ![alt](${url}).`);
    }
  }
  const localImages = images
    .filter((n) => n.url && isRelative(n.url))
    .map((n) => ({ url: n.url!, line: n.position?.start.line ?? 0, column: n.position?.start.column ?? 0 }));
  // A file made of braces would otherwise give one finding per brace.
  return {
    problems: problems.length > 5 ? [...problems.slice(0, 5), `…and ${problems.length - 5} more like these.`] : problems,
    localImages,
  };
}

/** Why parsing `text` could take unbounded time (see the limits above), if it could. */
function costProblem(text: string): ProseProblem | undefined {
  const front = /^---\r?\n[\s\S]*?\r?\n---\r?\n?/.exec(text)?.[0] ?? '';
  const prose = text.slice(front.length);
  if (prose.length > MAX_PROSE_CHARS) {
    return `The prose is ${Math.ceil(prose.length / 1024)} KB; about.mdx prose is limited to ${MAX_PROSE_CHARS / 1024} KB.`;
  }
  const firstLine = front.split('\n').length;
  let fenced = false;
  let openers = 0;
  for (const [i, line] of prose.split('\n').entries()) {
    if (/^ {0,3}(?:```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    openers += line.match(/(?<!\\)[{<]/g)?.length ?? 0;
    if (openers > MAX_OPENERS) {
      return `The prose holds more than ${MAX_OPENERS} { and < outside code blocks by line ${firstLine + i}; each would start an expression or a tag (write \\{ and \\< for the characters).`;
    }
    const prefix = /^(?:[ \t]*(?:>|[*+-](?=[ \t])|\d{1,9}[.)](?=[ \t])))+/.exec(line)?.[0];
    const depth = prefix?.match(/>|[*+-]|\d{1,9}[.)]/g)?.length ?? 0;
    if (depth > MAX_LINE_NESTING) {
      return `The prose nests ${depth} quotes or lists deep at line ${firstLine + i}; at most ${MAX_LINE_NESTING} levels are rendered.`;
    }
  }
  return undefined;
}

/** An address the build resolves against about.mdx's folder (not a web, site-root or fragment one). */
function isRelative(url: string): boolean {
  return schemeOf(url) === undefined && !/^[/#?]/.test(url);
}

function constructProblem(node: MdastNode): string | undefined {
  switch (node.type) {
    case 'mdxjsEsm':
      return 'an import or export: code in a catalog’s prose would run when the site builds.';
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return 'a {…} expression: it would run when the site builds (write \\{ for a literal brace).';
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      return node.name
        ? `the tag <${node.name}>: markup in a catalog’s prose would reach the page as it is; write Markdown (\\< for a literal angle bracket).`
        : 'a <> fragment: markup in a catalog’s prose would reach the page as it is; write Markdown.';
    case 'link':
    case 'image':
    case 'definition': {
      const scheme = schemeOf(node.url ?? '');
      return scheme && !SAFE_SCHEMES.has(scheme)
        ? `${node.type === 'image' ? 'an image' : 'a link'} to a "${scheme}:" address: only http, https, mailto and relative addresses are allowed.`
        : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The scheme of a URL as a browser reads it: tabs and newlines anywhere and leading controls or
 * spaces are dropped first (so `java\tscript:` is `javascript:`), lowercased.
 */
function schemeOf(url: string): string | undefined {
  const cleaned = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase();
}

function where(node: MdastNode): string {
  const at = node.position?.start;
  return at ? `The prose holds, at line ${at.line}, column ${at.column}, ` : 'The prose holds ';
}

/** satteri's message (`12:5: Unexpected … (mdx:code)`) as one sentence. */
function parseProblem(message: string): ProseProblem {
  const m = /^(\d+):(\d+): ([\s\S]*?)(?: \([\w:-]+\))?$/.exec(message.trim());
  return m
    ? `The prose is not valid MDX at line ${m[1]}, column ${m[2]}: ${m[3]!.replace(/\.?$/, '.')}`
    : `The prose is not valid MDX: ${message.trim().replace(/\.?$/, '.')}`;
}
