// Astro's generated types (astro:content collections, import.meta.env), written by `astro sync`/`astro build`.
/// <reference path="../.astro/types.d.ts" />

interface ImportMetaEnv {
  /** The authoring tool's address, with `{contract}` and `{adoption}` (see astro.config.mjs). */
  readonly OPENGDD_AUTHORING_TOOL?: string;
}

// `tsc` reads no `.astro` file: a `.ts` module that maps a page's sections to their components
// (components/*-page/sections.ts) is checked against this type, so every section has one.
declare module '*.astro' {
  const component: import('astro/runtime/server/index.js').AstroComponentFactory;
  export default component;
}
