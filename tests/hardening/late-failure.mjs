/**
 * Builds the site (OPENGDD_CATALOG as set) into the folder named by the first argument, with one
 * more integration that fails once every page is written: a stand-in for any failure late in a
 * build (a full disk, a renderer that crashes), which no valid catalog can cause.
 */
import { build } from 'astro';

const [outDir] = process.argv.slice(2);
await build({
  outDir,
  integrations: [
    {
      name: 'fail-late',
      hooks: {
        'astro:build:generated': () => {
          throw new Error('failed late on purpose');
        },
      },
    },
  ],
});
