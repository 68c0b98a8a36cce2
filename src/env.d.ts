// Astro's generated types (astro:content collections, import.meta.env), written by `astro sync`/`astro build`.
/// <reference path="../.astro/types.d.ts" />

interface ImportMetaEnv {
  /** The authoring tool's address, with `{contract}` and `{adoption}` (see astro.config.mjs). */
  readonly OPENGDD_AUTHORING_TOOL?: string;
}
