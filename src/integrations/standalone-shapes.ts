/**
 * The shape validators of the engine, compiled ahead of time for the browser. The answer explorer
 * checks a tried adoption with the engine (`src/lib/opengdd/shape.ts`), which compiles its JSON
 * Schemas with ajv on first use; ajv compiles into `new Function`, which the site's strict
 * Content-Security-Policy refuses (it allows no `'unsafe-eval'`). In the browser bundle, this Vite
 * plugin stands in for ajv in `shape.ts`: a module holding the same validators as ajv's standalone
 * code, made at build time from the same schemas with the same options ({@link AJV_OPTIONS}), and
 * an object that hands them out as ajv's `getSchema` does. Node (the build, `check`) keeps ajv.
 * ajv's compiler stays out of the browser bundle as a result.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The module that stands in for `ajv/dist/2020.js` in the browser. */
const STANDALONE = '\0opengdd-standalone-shapes';

/** The engine's module that imports ajv. */
const SHAPE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../lib/opengdd/shape.ts');

/** The plugin (for the browser bundle only). */
export function standaloneShapes(): Plugin {
  return {
    name: 'opengdd-standalone-shapes',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (source === 'ajv/dist/2020.js' && importer && path.resolve(importer.split('?')[0]!) === SHAPE) return STANDALONE;
      return undefined;
    },
    async load(id) {
      if (id !== STANDALONE) return undefined;
      return standaloneModule();
    },
  };
}

/** The module's code: each schema's validator, and a stand-in for ajv that returns them by `$id`. */
async function standaloneModule(): Promise<string> {
  const [{ default: Ajv2020 }, { default: standaloneCode }, { AJV_OPTIONS, SCHEMAS }] = await Promise.all([
    import('ajv/dist/2020.js'),
    import('ajv/dist/standalone/index.js'),
    import('../lib/opengdd/shape.ts'),
  ]);
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { ...AJV_OPTIONS.code, source: true, esm: true } });
  const schemas = Object.values(SCHEMAS);
  for (const schema of schemas) ajv.addSchema(schema);
  const exports = Object.fromEntries(schemas.map((s, i) => [`shape${i}`, s.$id]));
  // ajv's standalone code reaches its runtime helpers (string length, deep equality) through
  // `require`, which a browser module has not: each becomes an import of the same module.
  const helpers = new Map<string, string>();
  const code = standaloneCode(ajv, exports).replace(/require\(("ajv\/dist\/runtime\/[a-z0-9-]+")\)/gi, (_, name: string) => {
    if (!helpers.has(name)) helpers.set(name, `runtime${helpers.size}`);
    return helpers.get(name)!;
  });
  const imports = [...helpers].map(([name, local]) => `import * as ${local} from ${name};`).join('\n');
  const byId = schemas.map((s, i) => `${JSON.stringify(s.$id)}: shape${i}`).join(', ');
  return `${imports}
${code}
const byId = { ${byId} };
/** ajv as shape.ts uses it: the schemas are compiled already. */
export default class Ajv2020 {
  addSchema() { return this; }
  getSchema(id) { return byId[id]; }
}
`;
}
