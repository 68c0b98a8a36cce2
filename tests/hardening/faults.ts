/**
 * Faulty catalogs for the hardening tests. Each case starts from a copy of the EMBEDDED catalog
 * (this repository's `catalog/` + `packs/`, our own text) in a temporary folder and plants exactly one
 * fault; `expected` names at least one error finding the engine must report for it (file, JSON pointer
 * and code). The copies are made on demand and never touch the repository.
 */
import { appendFileSync, copyFileSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { repoRoot } from '../helpers/paths.ts';
import { copyCatalog } from '../helpers/site.ts';

type Json = Record<string, any>;

/** A stack frame (`    at fn (file:1:2)`) or an error dump (`TypeError: …`) anywhere in the text. */
export const STACK = /^\s+at .+|\b[A-Z][A-Za-z]*Error: |Stack trace/m;

/** One error finding a case must produce. */
export interface ExpectedFinding {
  file: string;
  /** RFC 6901 pointer; "" is the whole file (a file that cannot be read or parsed at all). */
  pointer: string;
  code: string;
  /** What the one-line message must also say (e.g. where a parse error is). */
  message?: RegExp;
}

/** One planted fault. */
export interface Fault {
  /** Short kebab-case label (temp folder names, test titles). */
  name: string;
  /** What the case is, in words. */
  title: string;
  /** Changes the catalog copy at `root`. */
  plant(root: string): void;
  expected: ExpectedFinding[];
  /** Codes that must NOT be reported: follow-on findings that would point the reader elsewhere. */
  absent?: string[];
}

// The embedded catalog's folders the cases lean on (see README: checked = has a pack).
const SPAWN = 'catalog/spawn-wave-1';
const CASTLE = `${SPAWN}/adoptions/castle-siege.json`;
const METER = 'catalog/clamped-meter-1';
const KNIGHT = `${METER}/adoptions/knight-health.json`;
/** An adoption id of 250 characters: `<id>.json` fits in a name, `<id>.tests.md` does not. */
const LONG_ADOPTION = `castle-siege-${'x'.repeat(237)}`;
/** A contract id of 240 characters and its definition folder `<contract>-1`. */
const LONG_CONTRACT = `spawn-wave-${'x'.repeat(229)}`;
const LONG_CV = `${LONG_CONTRACT}-1`;

/** Reads a JSON file of the copy. */
export function readJson(root: string, rel: string): Json {
  return JSON.parse(readFileSync(path.join(root, rel), 'utf8')) as Json;
}

/** Rewrites a JSON file of the copy through `edit` (2-space indent, as the catalog is written). */
export function editJson(root: string, rel: string, edit: (doc: Json) => void): void {
  const doc = readJson(root, rel);
  edit(doc);
  writeFileSync(path.join(root, rel), JSON.stringify(doc, null, 2) + '\n');
}

/** Replaces text in a file of the copy; throws when `from` is absent (a case that plants nothing is a bug). */
function replaceText(root: string, rel: string, from: string | RegExp, to: string): void {
  const file = path.join(root, rel);
  const text = readFileSync(file, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`fault generator: ${String(from)} not found in ${rel}`);
  writeFileSync(file, next);
}

/** Edits a definition.json and every adoption of that folder the same way (no divergence). */
function editDefinitionEverywhere(root: string, dir: string, edit: (doc: Json) => void): void {
  editJson(root, `${dir}/definition.json`, edit);
  for (const a of adoptionsOf(root, dir)) editJson(root, a, edit);
}

function adoptionsOf(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir, 'adoptions'))
    .filter((n) => n.endsWith('.json'))
    .map((n) => `${dir}/adoptions/${n}`);
}

/** Sets a member of an object so that even `__proto__` is an own key (as JSON.parse makes it). */
function defineKey(target: Json, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export const FAULTS: Fault[] = [
  {
    name: 'malformed-json',
    title: 'an adoption file that does not parse (a trailing comma)',
    plant: (root) => replaceText(root, CASTLE, /\n}\s*$/, ',\n}\n'),
    expected: [{ file: CASTLE, pointer: '', code: 'CONTRACT_INSTANCE_JSON', message: /at line \d+, column \d+/ }],
  },
  {
    name: 'adoption-array',
    title: 'an adoption file that is a JSON array',
    plant: (root) => writeFileSync(path.join(root, CASTLE), JSON.stringify([readJson(root, CASTLE)], null, 2) + '\n'),
    expected: [{ file: CASTLE, pointer: '', code: 'CONTRACT_ENVELOPE_TYPE' }],
  },
  {
    name: 'definition-array',
    title: 'a definition.json that is a JSON array',
    plant: (root) => writeFileSync(path.join(root, `${METER}/definition.json`), '[]\n'),
    expected: [{ file: `${METER}/definition.json`, pointer: '', code: 'CONTRACT_ENVELOPE_TYPE' }],
    absent: ['CONTRACT_PACK_ORPHAN'],
  },
  {
    name: 'pack-array',
    title: 'a pack that is a JSON array',
    plant: (root) => writeFileSync(path.join(root, 'packs/spawn-wave-1.pack.json'), '[]\n'),
    expected: [{ file: 'packs/spawn-wave-1.pack.json', pointer: '', code: 'CONTRACT_PACK_SHAPE' }],
  },
  // A template whose shape failed is not expanded (soundPack): these crashed check once ("Cannot
  // read properties of null (reading 'startsWith')"), found by the fuzzer (tests/fuzz/).
  ...(['id', 'title', 'text'] as const).map((member) => ({
    name: `pack-template-null-${member}`,
    title: `a pack template with null for its ${member}`,
    plant: (root: string) => editJson(root, 'packs/spawn-wave-1.pack.json', (p) => void (p.templates[0][member] = null)),
    expected: [{ file: 'packs/spawn-wave-1.pack.json', pointer: `/templates/0/${member}`, code: 'CONTRACT_PACK_SHAPE' }],
  })),
  {
    name: 'groups-object',
    title: 'a groups.json that is an object, not an array',
    plant: (root) => writeFileSync(path.join(root, 'catalog/groups.json'), '{"groups": []}\n'),
    expected: [{ file: 'catalog/groups.json', pointer: '', code: 'CATALOG_GROUPS' }],
    absent: ['CATALOG_ABOUT'],
  },
  {
    name: 'wrong-pack-digest',
    title: 'a definition naming the wrong pack digest',
    plant: (root) => editJson(root, `${SPAWN}/definition.json`, (d) => void (d.pack = 'sha256:' + '0'.repeat(64))),
    expected: [{ file: `${SPAWN}/definition.json`, pointer: '/pack', code: 'CONTRACT_PACK_HASH' }],
  },
  {
    name: 'changed-pack-byte',
    title: 'a pack one byte longer than its digest',
    plant: (root) => appendFileSync(path.join(root, 'packs/spawn-wave-1.pack.json'), ' '),
    expected: [
      { file: `${SPAWN}/definition.json`, pointer: '/pack', code: 'CONTRACT_PACK_HASH' },
      { file: CASTLE, pointer: '/pack', code: 'CONTRACT_PACK_HASH' },
    ],
  },
  {
    name: 'pack-without-definition',
    title: 'a pack for a definition the catalog does not hold',
    plant: (root) => copyFileSync(path.join(root, 'packs/clamped-meter-1.pack.json'), path.join(root, 'packs/clamped-meter-9.pack.json')),
    expected: [{ file: 'packs/clamped-meter-9.pack.json', pointer: '', code: 'CONTRACT_PACK_ORPHAN' }],
  },
  {
    name: 'divergent-definition',
    title: 'an adoption whose definition copy differs from definition.json',
    plant: (root) => editJson(root, CASTLE, (d) => void (d.questions.advance.asks += ' (edited)')),
    expected: [{ file: CASTLE, pointer: '/questions/advance/asks', code: 'CONTRACT_DEFINITION_DIVERGENT' }],
  },
  {
    name: 'unknown-question',
    title: 'an answer to a question the definition does not ask',
    plant: (root) => editJson(root, CASTLE, (d) => void (d.answers['weather'] = 'rain')),
    expected: [{ file: CASTLE, pointer: '/answers/weather', code: 'CONTRACT_ANSWER_UNKNOWN' }],
  },
  {
    name: 'unknown-answer',
    title: 'an answer that is not one of the question’s options',
    plant: (root) => editJson(root, CASTLE, (d) => void (d.answers.advance = 'whenever')),
    expected: [{ file: CASTLE, pointer: '/answers/advance', code: 'CONTRACT_ANSWER_UNKNOWN' }],
  },
  {
    name: 'unknown-value',
    title: 'a value the definition does not declare',
    plant: (root) => editJson(root, CASTLE, (d) => void (d.values['gold-per-wave'] = 5)),
    expected: [{ file: CASTLE, pointer: '/values/gold-per-wave', code: 'CONTRACT_VALUE_UNKNOWN' }],
  },
  {
    name: 'unknown-row-field',
    title: 'a row field the record does not declare',
    plant: (root) => editJson(root, CASTLE, (d) => void (d.rows.waves[0].colour = 'red')),
    expected: [{ file: CASTLE, pointer: '/rows/waves/0/colour', code: 'CONTRACT_ROW_FIELD' }],
  },
  {
    name: 'missing-required-value',
    title: 'a required value left out',
    plant: (root) => editJson(root, CASTLE, (d) => void delete d.values['first-wave-delay']),
    // A missing member is named at the object that lacks it.
    expected: [{ file: CASTLE, pointer: '/values', code: 'CONTRACT_VALUE_MISSING' }],
  },
  {
    name: 'row-string-placeholder',
    title: 'a row string holding {{',
    plant: (root) => editJson(root, CASTLE, (d) => void (d.rows.waves[0].enemy = 'goblin-{{instance}}')),
    expected: [{ file: CASTLE, pointer: '/rows/waves/0/enemy', code: 'CONTRACT_INJECTION' }],
  },
  {
    name: 'row-string-fence',
    title: 'a row string holding a code fence',
    plant: (root) => editJson(root, CASTLE, (d) => void (d.rows.waves[0]['spawn-at'] = '03-levels.md#gate\n```\n# Injected heading\n```')),
    expected: [{ file: CASTLE, pointer: '/rows/waves/0/spawn-at', code: 'CONTRACT_INJECTION' }],
  },
  // `__proto__` and `constructor` as names. A KEY `__proto__` starts with `_`, which makes it an
  // annotation (§10.2 rule 2: no check reads it), so it is no fault: see ANNOTATIONS below. As a
  // name that something looks up (an answer, an option, a question a condition reads, a value a
  // rule cites) both must be unknown names, never a member of Object.prototype.
  {
    name: 'proto-answer-value',
    title: 'an answer __proto__ (not an option)',
    plant: (root) => editJson(root, CASTLE, (d) => void (d.answers.advance = '__proto__')),
    expected: [{ file: CASTLE, pointer: '/answers/advance', code: 'CONTRACT_ANSWER_UNKNOWN' }],
  },
  {
    name: 'constructor-answer-value',
    title: 'an answer constructor (not an option)',
    plant: (root) => editJson(root, CASTLE, (d) => void (d.answers.advance = 'constructor')),
    expected: [{ file: CASTLE, pointer: '/answers/advance', code: 'CONTRACT_ANSWER_UNKNOWN' }],
  },
  {
    name: 'constructor-row-choice',
    title: 'a row choice constructor (not an option of the field)',
    plant: (root) => editJson(root, CASTLE, (d) => void (d.rows.waves[0].role = 'constructor')),
    expected: [{ file: CASTLE, pointer: '/rows/waves/0/role', code: 'CONTRACT_ROW_CHOICE' }],
  },
  {
    name: 'constructor-rule-value',
    title: 'a rule citing a value named constructor, which nothing declares',
    plant: (root) => editDefinitionEverywhere(root, SPAWN, (d) => void (d.rules['constructor-is-small'] = 'constructor < 5')),
    // Rules are judged per adoption (§10.5), so every adoption names it; castle-siege is one.
    expected: [{ file: CASTLE, pointer: '/rules/constructor-is-small', code: 'CONTRACT_RULE_INVALID' }],
  },
  {
    name: 'constructor-condition-question',
    title: 'a condition reading a question named constructor, which nothing declares',
    plant: (root) =>
      editDefinitionEverywhere(root, SPAWN, (d) => void (d.declares.values['first-wave-delay'].when = { flag: { constructor: ['yes'] } })),
    expected: [{ file: `${SPAWN}/definition.json`, pointer: '/declares/values/first-wave-delay/when/flag/constructor', code: 'CONTRACT_VALUE_CONDITION' }],
  },
  {
    name: 'constructor-answer',
    title: 'an answer keyed constructor',
    plant: (root) => editJson(root, CASTLE, (d) => void (d.answers.constructor = 'on-schedule')),
    expected: [{ file: CASTLE, pointer: '/answers/constructor', code: 'CONTRACT_ANSWER_UNKNOWN' }],
  },
  {
    name: 'constructor-value',
    title: 'a value keyed constructor',
    plant: (root) => editJson(root, CASTLE, (d) => void (d.values.constructor = 3)),
    expected: [{ file: CASTLE, pointer: '/values/constructor', code: 'CONTRACT_VALUE_UNKNOWN' }],
  },
  {
    name: 'constructor-row-field',
    title: 'a row field keyed constructor',
    plant: (root) => editJson(root, CASTLE, (d) => void (d.rows.waves[1].constructor = 'x')),
    expected: [{ file: CASTLE, pointer: '/rows/waves/1/constructor', code: 'CONTRACT_ROW_FIELD' }],
  },
  {
    name: 'constructor-question',
    title: 'a question id constructor that no adoption answers',
    plant: (root) =>
      editDefinitionEverywhere(root, SPAWN, (d) => void (d.questions.constructor = { asks: 'Who builds the spawner?', options: { 'the-player': { meaning: 'The player.' }, 'the-level': { meaning: 'The level.' } } })),
    expected: [{ file: CASTLE, pointer: '/answers', code: 'CONTRACT_ANSWER_MISSING' }],
  },
  {
    name: 'filename-not-kebab',
    title: 'an adoption file name that is not kebab-case',
    plant: (root) => renameSync(path.join(root, CASTLE), path.join(root, `${SPAWN}/adoptions/Castle_Siege.json`)),
    expected: [{ file: `${SPAWN}/adoptions/Castle_Siege.json`, pointer: '', code: 'CONTRACT_INSTANCE_FILENAME' }],
  },
  {
    name: 'filename-dots',
    title: 'an adoption file name holding ..',
    plant: (root) => renameSync(path.join(root, CASTLE), path.join(root, `${SPAWN}/adoptions/castle..siege.json`)),
    expected: [{ file: `${SPAWN}/adoptions/castle..siege.json`, pointer: '', code: 'CONTRACT_INSTANCE_FILENAME' }],
  },
  {
    name: 'adoption-wrong-folder',
    title: 'an adoption of another contract in this folder',
    plant: (root) => renameSync(path.join(root, KNIGHT), path.join(root, `${SPAWN}/adoptions/knight-health.json`)),
    expected: [{ file: `${SPAWN}/adoptions/knight-health.json`, pointer: '/contract', code: 'CATALOG_LAYOUT' }],
    absent: ['CONTRACT_REFERENCE', 'CONTRACT_PACK_HASH'],
  },
  {
    name: 'adoption-wrong-version',
    title: 'an adoption whose version disagrees with its folder',
    plant: (root) => editJson(root, KNIGHT, (d) => void (d.version = 2)),
    expected: [{ file: KNIGHT, pointer: '/version', code: 'CATALOG_LAYOUT' }],
  },
  {
    name: 'undeclared-group',
    title: 'an about.mdx naming a group groups.json does not declare',
    plant: (root) => replaceText(root, `${SPAWN}/about.mdx`, 'group: "encounters-and-pacing"', 'group: "boss-fights"'),
    expected: [{ file: `${SPAWN}/about.mdx`, pointer: '/group', code: 'CATALOG_ABOUT' }],
  },
  {
    name: 'about-bad-yaml',
    title: 'about.mdx frontmatter that is not YAML',
    plant: (root) => replaceText(root, `${SPAWN}/about.mdx`, 'title: "Spawn wave"', 'title: "Spawn wave\n  oops: [unclosed'),
    expected: [{ file: `${SPAWN}/about.mdx`, pointer: '', code: 'CATALOG_ABOUT', message: /not valid YAML at line \d+, column \d+/ }],
    absent: ['CONTRACT_PACK_ORPHAN'],
  },
  {
    name: 'about-bad-prose',
    title: 'about.mdx prose that is not MDX (an unclosed tag and a stray brace)',
    plant: (root) => replaceText(root, `${SPAWN}/about.mdx`, /$/, '\n## Notes\n\nA wave of <span imps that never closes {oops\n'),
    expected: [{ file: `${SPAWN}/about.mdx`, pointer: '', code: 'CATALOG_ABOUT', message: /not valid MDX at line \d+, column \d+/ }],
    absent: ['CONTRACT_PACK_ORPHAN'],
  },
  {
    name: 'about-prose-code',
    title: 'about.mdx prose with an import, an export and expressions (MDX would run them at build time)',
    // Were the export run, it would write a file beside about.mdx: the catalog-hash check sees it.
    plant: (root) =>
      replaceText(
        root,
        `${SPAWN}/about.mdx`,
        /$/,
        "\nimport { writeFileSync } from 'node:fs';\nexport const planted = writeFileSync(new URL('./planted.txt', import.meta.url), 'ran');\n\nHome: {process.env.HOME}\n",
      ),
    expected: [
      { file: `${SPAWN}/about.mdx`, pointer: '', code: 'CATALOG_ABOUT', message: /at line \d+, column 1, an import or export/ },
      { file: `${SPAWN}/about.mdx`, pointer: '', code: 'CATALOG_ABOUT', message: /at line \d+, column 7, a \{…\} expression/ },
    ],
    absent: ['CONTRACT_PACK_ORPHAN'],
  },
  {
    name: 'about-prose-markup',
    title: 'about.mdx prose with an HTML tag carrying a handler and a javascript: link',
    plant: (root) =>
      replaceText(root, `${SPAWN}/about.mdx`, /$/, '\nSee <img src="x" onError="alert(1)" /> and [this](JavaScript:alert(2)).\n'),
    expected: [
      { file: `${SPAWN}/about.mdx`, pointer: '', code: 'CATALOG_ABOUT', message: /the tag <img>/ },
      { file: `${SPAWN}/about.mdx`, pointer: '', code: 'CATALOG_ABOUT', message: /a link to a "javascript:" address/ },
    ],
    absent: ['CONTRACT_PACK_ORPHAN'],
  },
  {
    name: 'about-prose-braces',
    title: 'about.mdx prose of a million braces (MDX’s parser would take hours over it)',
    plant: (root) => replaceText(root, `${SPAWN}/about.mdx`, /$/, `\n${'{'.repeat(1_000_000)}\n`),
    expected: [{ file: `${SPAWN}/about.mdx`, pointer: '', code: 'CATALOG_ABOUT', message: /^The prose is \d+ KB; about\.mdx prose is limited to 64 KB\.$/ }],
    absent: ['CONTRACT_PACK_ORPHAN'],
  },
  {
    name: 'about-prose-image',
    title: 'about.mdx prose showing an image beside it that is not an image (Astro’s pipeline would stop with a trace)',
    plant: (root) => {
      writeFileSync(path.join(root, SPAWN, 'wave.png'), 'not a PNG at all\n');
      replaceText(root, `${SPAWN}/about.mdx`, /$/, '\n![The wave](./wave.png)\n');
    },
    expected: [{ file: `${SPAWN}/about.mdx`, pointer: '', code: 'CATALOG_ABOUT', message: /^The image "\.\/wave\.png" at line \d+, column 1 is not a PNG/ }],
    absent: ['CONTRACT_PACK_ORPHAN'],
  },
  {
    name: 'about-no-frontmatter',
    title: 'about.mdx without frontmatter',
    plant: (root) => replaceText(root, `${SPAWN}/about.mdx`, /^---\n[\s\S]*?\n---\n/, ''),
    expected: [{ file: `${SPAWN}/about.mdx`, pointer: '', code: 'CATALOG_ABOUT' }],
    absent: ['CONTRACT_PACK_ORPHAN'],
  },
  {
    name: 'about-missing-title',
    title: 'about.mdx frontmatter without a title',
    plant: (root) => replaceText(root, `${SPAWN}/about.mdx`, 'title: "Spawn wave"\n', ''),
    expected: [{ file: `${SPAWN}/about.mdx`, pointer: '/title', code: 'CATALOG_ABOUT' }],
    absent: ['CONTRACT_PACK_ORPHAN'],
  },
  {
    name: 'about-proto-key',
    title: 'about.mdx frontmatter with a __proto__ key (frontmatter is not JSON: no annotations there)',
    plant: (root) => replaceText(root, `${SPAWN}/about.mdx`, 'title: "Spawn wave"\n', 'title: "Spawn wave"\n__proto__:\n  polluted: true\n'),
    expected: [{ file: `${SPAWN}/about.mdx`, pointer: '/__proto__', code: 'CATALOG_ABOUT' }],
    absent: ['CONTRACT_PACK_ORPHAN'],
  },
  {
    name: 'huge-adoption',
    title: 'a 10 MB adoption file',
    plant: (root) => {
      const doc = readJson(root, CASTLE);
      // Valid JSON all the way: only the size is wrong (an annotation key, §10.2 rule 2, holds the bulk).
      doc._padding = 'x'.repeat(10 * 1024 * 1024);
      writeFileSync(path.join(root, CASTLE), JSON.stringify(doc, null, 2) + '\n');
    },
    expected: [{ file: CASTLE, pointer: '', code: 'CATALOG_LAYOUT', message: /limited to 2 MB/ }],
  },
  {
    name: 'link-outside',
    title: 'a definition.json that is a symbolic link to a file outside the catalog (even one with the right content)',
    plant: (root) => {
      rmSync(path.join(root, SPAWN, 'definition.json'));
      symlinkSync(path.join(repoRoot, SPAWN, 'definition.json'), path.join(root, SPAWN, 'definition.json'));
    },
    expected: [{ file: `${SPAWN}/definition.json`, pointer: '', code: 'CATALOG_LAYOUT', message: /a link to a place outside the catalog folder/ }],
  },
  {
    name: 'link-outside-folder',
    title: 'an adoptions/ folder that is a symbolic link to a folder outside the catalog',
    plant: (root) => {
      rmSync(path.join(root, SPAWN, 'adoptions'), { recursive: true });
      symlinkSync(path.join(repoRoot, SPAWN, 'adoptions'), path.join(root, SPAWN, 'adoptions'));
    },
    expected: [{ file: CASTLE, pointer: '', code: 'CATALOG_LAYOUT', message: /a link to a place outside the catalog folder/ }],
  },
  {
    name: 'link-outside-image',
    title: 'an image in about.mdx that is a symbolic link to an image outside the contract’s folder',
    plant: (root) => {
      symlinkSync(path.join(repoRoot, 'catalog/clamped-meter-2/meter.svg'), path.join(root, SPAWN, 'wave.svg'));
      replaceText(root, `${SPAWN}/about.mdx`, /$/, '\n![The wave](./wave.svg)\n');
    },
    expected: [{ file: `${SPAWN}/about.mdx`, pointer: '', code: 'CATALOG_ABOUT', message: /is a link to a place outside the contract’s folder/ }],
    absent: ['CONTRACT_PACK_ORPHAN'],
  },
  {
    name: 'deep-json',
    title: 'an adoption whose answers nest 100,000 objects deep (recursive walks would overflow the stack)',
    plant: (root) => {
      const text = readFileSync(path.join(root, CASTLE), 'utf8');
      writeFileSync(path.join(root, CASTLE), text.replace(/"answers": \{/, `"answers": {"deep": ${'{"a": '.repeat(100_000)}1${'}'.repeat(100_000)},`));
    },
    expected: [{ file: CASTLE, pointer: `/answers/deep${'/a'.repeat(62)}`, code: 'CONTRACT_INSTANCE_JSON', message: /nests deeper than 64 arrays and objects here/ }],
  },
  {
    name: 'megabyte-name',
    title: 'a row id of a million characters with newlines in it (each finding must stay one short line)',
    plant: (root) => editJson(root, CASTLE, (doc) => {
      doc.rows.waves[0].id = `Wave\n${'x'.repeat(1_000_000)}\nend`;
    }),
    expected: [{ file: CASTLE, pointer: '/rows/waves/0/id', code: 'CONTRACT_NAME_GRAMMAR', message: /"Wave\\nx+…" \(1,000,011 characters\)/ }],
  },
  {
    name: 'not-utf8-adoption',
    title: 'an adoption file that is Latin-1, not UTF-8',
    plant: (root) => {
      const text = readFileSync(path.join(root, CASTLE), 'utf8').replace('"goblin"', '"gobl\u00efn"');
      writeFileSync(path.join(root, CASTLE), Buffer.from(text, 'latin1'));
    },
    expected: [{ file: CASTLE, pointer: '', code: 'CATALOG_ENCODING' }],
  },
  {
    name: 'not-utf8-about',
    title: 'an about.mdx that is not UTF-8',
    plant: (root) => appendFileSync(path.join(root, `${SPAWN}/about.mdx`), Buffer.from([0xff, 0xfe, 0x41, 0xc3])),
    expected: [{ file: `${SPAWN}/about.mdx`, pointer: '', code: 'CATALOG_ENCODING' }],
    absent: ['CONTRACT_PACK_ORPHAN'],
  },
  // Faults nobody planted before (issue 11): each was found by trying, none by reading the spec.
  {
    name: 'adoption-id-too-long',
    title: 'an adoption id of 250 characters, valid kebab-case, that no <adoption>.tests.md can be named after (255 bytes a name)',
    plant: (root) => renameSync(path.join(root, CASTLE), path.join(root, `${SPAWN}/adoptions/${LONG_ADOPTION}.json`)),
    expected: [{ file: `${SPAWN}/adoptions/${LONG_ADOPTION}.json`, pointer: '', code: 'CATALOG_LAYOUT', message: /<adoption>\.tests\.md, 259 bytes.*within 246 characters/ }],
  },
  {
    name: 'contract-id-too-long',
    title: 'a contract id of 240 characters, valid kebab-case, that no <contract>-<version>.adoption.schema.json can be named after',
    plant: (root) => {
      renameSync(path.join(root, SPAWN), path.join(root, `catalog/${LONG_CV}`));
      renameSync(path.join(root, 'packs/spawn-wave-1.pack.json'), path.join(root, `packs/${LONG_CV}.pack.json`));
      editDefinitionEverywhere(root, `catalog/${LONG_CV}`, (d) => void (d.contract = LONG_CONTRACT));
      editPack(root, LONG_CV, (p) => void (p.contract = LONG_CONTRACT));
    },
    expected: [{ file: `catalog/${LONG_CV}`, pointer: '', code: 'CATALOG_LAYOUT', message: /<contract>-<version>\.adoption\.schema\.json, 263 bytes/ }],
    absent: ['CONTRACT_PACK_ORPHAN', 'CONTRACT_PACK_HASH'],
  },
  {
    name: 'pack-beside-definition',
    title: 'a pack saved beside definition.json instead of in packs/ (it would be ignored, the definition shown as promised)',
    plant: (root) => renameSync(path.join(root, 'packs/spawn-wave-1.pack.json'), path.join(root, `${SPAWN}/spawn-wave-1.pack.json`)),
    expected: [{ file: `${SPAWN}/spawn-wave-1.pack.json`, pointer: '', code: 'CATALOG_LAYOUT', message: /read only from packs\/.*move it to packs\/spawn-wave-1\.pack\.json/ }],
  },
  {
    name: 'duplicate-key-adoption',
    title: 'an adoption naming "answers" twice (JSON.parse keeps the last; the JSON view shows both)',
    plant: (root) => replaceText(root, CASTLE, /\n {2}"answers": \{/, '\n  "answers": { "advance": "when-cleared" },\n  "answers": {'),
    expected: [{ file: CASTLE, pointer: '/answers', code: 'CONTRACT_INSTANCE_JSON', message: /The key "answers" appears again in this object at line \d+, column 3/ }],
  },
  {
    name: 'duplicate-key-nested',
    title: 'a definition.json whose question names "asks" twice (the last, unchanged, wins: no other finding would show it)',
    plant: (root) => replaceText(root, `${SPAWN}/definition.json`, /("advance": \{\n\s*)"asks":/, '$1"asks": "What starts the first wave?",\n      "asks":'),
    expected: [{ file: `${SPAWN}/definition.json`, pointer: '/questions/advance/asks', code: 'CONTRACT_INSTANCE_JSON', message: /The key "asks" appears again/ }],
    absent: ['CONTRACT_DEFINITION_DIVERGENT'],
  },
  {
    name: 'question-cycles',
    title: 'a self-cycle and a two-question cycle through "when" in one definition: both reported',
    plant: (root) =>
      editDefinitionEverywhere(root, SPAWN, (d) => {
        d.questions['blocked-spawn'].when = { flag: { 'blocked-spawn': ['wait-for-room'] } };
        d.questions['blocked-spawn'].otherwise = 'An enemy due at a blocked point waits.';
        d.questions.advance.when = { flag: { breather: ['none'] } };
        d.questions.advance.otherwise = 'Waves start on schedule.';
      }),
    expected: [
      { file: `${SPAWN}/definition.json`, pointer: '/questions/advance/when', code: 'CONTRACT_QUESTION_CYCLE', message: /advance → breather → advance/ },
      { file: `${SPAWN}/definition.json`, pointer: '/questions/blocked-spawn/when', code: 'CONTRACT_QUESTION_CYCLE', message: /"blocked-spawn" depends on itself/ },
    ],
  },
  {
    name: 'bidi-row-id',
    title: 'a row id holding U+202E (right-to-left override), which would reverse the printed line',
    plant: (root) => editJson(root, CASTLE, (d) => void (d.rows.waves[0].id = 'scouts\u202eevil')),
    // The message holds the escape and never the character itself.
    expected: [{ file: CASTLE, pointer: '/rows/waves/0/id', code: 'CONTRACT_NAME_GRAMMAR', message: /^[^\u202e]*"scouts\\u202eevil"[^\u202e]*$/ }],
  },
  {
    name: 'bidi-answer-key',
    title: 'an answer keyed with U+2067 (right-to-left isolate): the printed pointer is escaped as well',
    plant: (root) => editJson(root, CASTLE, (d) => void (d.answers['weather\u2067'] = 'rain')),
    expected: [{ file: CASTLE, pointer: '/answers/weather\\u2067', code: 'CONTRACT_ANSWER_UNKNOWN', message: /^[^\u2067]*$/ }],
  },
  {
    name: 'infinite-value',
    title: 'a value written 1e309, a JSON number that reads as infinity',
    plant: (root) => replaceText(root, CASTLE, '"first-wave-delay": 20,', '"first-wave-delay": 1e309,'),
    expected: [{ file: CASTLE, pointer: '/values/first-wave-delay', code: 'CONTRACT_VALUE_TYPE', message: /is not a finite number: a number of this size reads as infinity/ }],
  },
  {
    name: 'about-image-name-too-long',
    title: 'an image beside about.mdx whose name leaves no room for the hash Astro adds when it publishes it',
    plant: (root) => {
      copyFileSync(path.join(root, 'catalog/clamped-meter-2/meter.svg'), path.join(root, SPAWN, `${'w'.repeat(240)}.svg`));
      replaceText(root, `${SPAWN}/about.mdx`, /$/, `\n![The wave](./${'w'.repeat(240)}.svg)\n`);
    },
    expected: [{ file: `${SPAWN}/about.mdx`, pointer: '', code: 'CATALOG_ABOUT', message: /has a file name of 244 bytes.*limited to 200 bytes/ }],
    absent: ['CONTRACT_PACK_ORPHAN'],
  },
  {
    name: 'negative-version',
    title: 'a definition (and its adoptions) of version -1, which no folder or pack file name can spell',
    plant: (root) => editDefinitionEverywhere(root, METER, (d) => void (d.version = -1)),
    expected: [{ file: `${METER}/definition.json`, pointer: '/version', code: 'CATALOG_LAYOUT', message: /The version is -1.*must be 0 or a positive integer/ }],
  },
];


/** A fresh copy of the embedded catalog with `fault` planted; the caller removes it. */
export function plantedCatalog(fault: Fault): string {
  const root = copyCatalog(repoRoot);
  fault.plant(root);
  return root;
}

/** `sha256:<hex>` of a file of the copy. */
function digestOf(root: string, rel: string): string {
  return 'sha256:' + createHash('sha256').update(readFileSync(path.join(root, rel))).digest('hex');
}

/** Edits a pack and writes its new digest into the definition and every adoption (all stay valid). */
export function editPack(root: string, cv: string, edit: (pack: Json) => void): void {
  const rel = `packs/${cv}.pack.json`;
  editJson(root, rel, edit);
  const digest = digestOf(root, rel);
  editDefinitionEverywhere(root, `catalog/${cv}`, (d) => void (d.pack = digest));
}

/** Edits a definition.json and all its adoptions' copies alike. */
export { editDefinitionEverywhere };

/**
 * Keys named `__proto__` in every kind of place. Each is an annotation (§10.2 rule 2: a key that
 * begins with `_`), so the catalog is VALID: `check` exits 0 and the site builds. What is tested is
 * that the key stays data: nothing reaches Object.prototype, no page shows it, no build step chokes.
 * The annotation values are objects, the shape a prototype-pollution gadget needs.
 */
export const ANNOTATIONS: { name: string; plant(root: string): void }[] = [
  { name: 'answers', plant: (root) => editJson(root, CASTLE, (d) => defineKey(d.answers, '__proto__', { polluted: 'answers' })) },
  { name: 'values', plant: (root) => editJson(root, CASTLE, (d) => defineKey(d.values, '__proto__', { polluted: 'values' })) },
  { name: 'row fields', plant: (root) => editJson(root, CASTLE, (d) => defineKey(d.rows.waves[1], '__proto__', { polluted: 'row' })) },
  { name: 'rows', plant: (root) => editJson(root, CASTLE, (d) => defineKey(d.rows, '__proto__', { polluted: 'rows' })) },
  {
    name: 'verification',
    plant: (root) => editJson(root, CASTLE, (d) => defineKey(d.verification['waves-come-in-order'], '__proto__', { polluted: 'verification' })),
  },
  {
    name: 'question ids',
    plant: (root) => editDefinitionEverywhere(root, SPAWN, (d) => defineKey(d.questions, '__proto__', { asks: 'polluted', options: { polluted: { meaning: 'x' } } })),
  },
  {
    name: 'option ids and value declarations',
    plant: (root) =>
      editDefinitionEverywhere(root, SPAWN, (d) => {
        defineKey(d.questions.advance.options, '__proto__', { polluted: 'option' });
        defineKey(d.declares.values, '__proto__', { polluted: 'value declaration' });
        defineKey(d.declares.rows.waves.record, '__proto__', { polluted: 'record' });
      }),
  },
  {
    name: 'pack templates',
    plant: (root) =>
      editPack(root, 'spawn-wave-1', (p) => {
        defineKey(p.templates[0], '__proto__', { polluted: 'template' });
        defineKey(p.templates[0].test, '__proto__', { polluted: 'test' });
      }),
  },
];

/** A fresh copy of the embedded catalog with every `__proto__` annotation of {@link ANNOTATIONS}. */
export function annotatedCatalog(): string {
  const root = copyCatalog(repoRoot);
  for (const a of ANNOTATIONS) a.plant(root);
  return root;
}
