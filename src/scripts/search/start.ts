/**
 * Starts Pagefind's UI in the search dialog, the first time it opens. Imported on demand by
 * `SearchDialog.astro`: a reader who never searches loads none of this.
 */
declare global {
  interface Window {
    PagefindUI?: new (options: Record<string, unknown>) => unknown;
  }
}

/** Loads a stylesheet or script once. */
function loadAsset(kind: 'css' | 'js', href: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const el =
      kind === 'css'
        ? Object.assign(document.createElement('link'), { rel: 'stylesheet', href })
        : Object.assign(document.createElement('script'), { src: href });
    el.addEventListener('load', () => resolve());
    el.addEventListener('error', () => reject(new Error(`Could not load ${href}`)));
    document.head.append(el);
  });
}

/** The further shards of the search index, as bundle paths (none for a catalog that fits one). */
async function shardBundles(bundle: string): Promise<string[]> {
  try {
    const response = await fetch(`${bundle}shards.json`);
    const list = response.ok ? ((await response.json()) as { bundles?: unknown }).bundles : undefined;
    return Array.isArray(list) ? list.filter((b): b is string => typeof b === 'string').map((b) => `${bundle}${b}`) : [];
  } catch {
    return [];
  }
}

/** Mounts Pagefind's UI for the bundle at `bundle` (with its shards) into `root`. */
export async function startSearch(root: HTMLElement, bundle: string): Promise<void> {
  try {
    const [, , shards] = await Promise.all([
      loadAsset('css', `${bundle}pagefind-ui.css`),
      loadAsset('js', `${bundle}pagefind-ui.js`),
      // A large catalog's index comes in shards (see integrations/search-index.ts), merged here.
      shardBundles(bundle),
    ]);
    if (!window.PagefindUI) throw new Error('Pagefind UI did not load');
    new window.PagefindUI({
      element: root,
      bundlePath: bundle,
      mergeIndex: shards.map((bundlePath) => ({ bundlePath })),
      showSubResults: true,
      showImages: false,
      resetStyles: false,
      autofocus: true,
      // Saturate repeated terms early: a page naming "run-inventory" forty times should not
      // outrank the contract whose alias is "inventory".
      ranking: { termSaturation: 0.6, termFrequency: 0.6 },
    });
    // Pagefind's input has only a placeholder and a title; the dialog's visible title is its label.
    const label = () => root.querySelector('input')?.setAttribute('aria-labelledby', 'site-search-title');
    if (root.querySelector('input')) label();
    else {
      const watch = new MutationObserver(() => root.querySelector('input') && (label(), watch.disconnect()));
      watch.observe(root, { childList: true, subtree: true });
    }
  } catch {
    root.textContent = 'Search is available on the built site (npm run build), not in development.';
  }
}
