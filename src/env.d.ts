// Astro's generated types (astro:content collections, import.meta.env), written by `astro sync`/`astro build`.
/// <reference path="../.astro/types.d.ts" />
