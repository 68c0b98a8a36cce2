/**
 * "Copy as adoption" and "Download", loaded when a reader first asks: the adoption file for the
 * tried state (the definition part unchanged, answers for asked questions, active values, rows),
 * the gaps that keep it from being complete, and — loading the engine's validation, which brings
 * the JSON Schema checker — the errors `opengdd-catalog check` would report for it.
 */
import * as HOOKS from '../../lib/site/hooks.ts';
import { sel } from '../../lib/site/hooks.ts';
import { adoptionFromState, type Exploration, type TriedState } from '../../lib/opengdd/explore.ts';
import type { Diagnostic } from '../../lib/opengdd/diagnostics.ts';
import type { Pack } from '../../lib/opengdd/types.ts';
import { h } from '../../lib/site/view/h.ts';
import { setText, show } from './dom.ts';
import { toDom } from './to-dom.ts';
import type { ExplorerData } from './data.ts';
import { EXPORT_WORDS } from '../../lib/site/model/words.ts';

/** Copies or downloads the adoption for `tried`, and fills and opens the island's dialog. */
export async function exportAdoption(
  host: HTMLElement,
  action: 'copy' | 'download',
  data: ExplorerData,
  tried: TriedState,
  current: Exploration,
): Promise<void> {
  const pack = (data.pack ?? undefined) as Pack | undefined;
  const { document: doc, gaps } = adoptionFromState(data.definition, tried, current, data.verification);
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  const file = data.page === 'adoption' ? `${data.adoption}.json` : `my-${data.definition.contract}.json`;
  const dialog = host.querySelector('dialog')!;
  let status: string;
  if (action === 'copy') {
    try {
      await navigator.clipboard.writeText(text);
      status = EXPORT_WORDS.copied(file);
    } catch {
      status = EXPORT_WORDS.copyRefused;
    }
  } else {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    a.download = file;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    status = EXPORT_WORDS.downloaded(file);
  }
  setText(dialog.querySelector(sel(HOOKS.exportStatus)), status);
  setText(dialog.querySelector(sel(HOOKS.exportJson)), text);
  const list = (sel: string, items: string[]) => {
    const ul = dialog.querySelector(sel)!;
    ul.replaceChildren(...toDom(items.map((t) => h('li', null, t))));
    show(ul.closest('section'), items.length > 0);
  };
  list(sel(HOOKS.exportGaps), gaps);
  list(sel(HOOKS.exportProblems), []);
  const verdict = dialog.querySelector(sel(HOOKS.exportVerdict));
  setText(verdict, EXPORT_WORDS.checking);
  if (!dialog.open) dialog.showModal();
  // The engine's validation pulls in the JSON Schema checker: loaded only now, when asked for.
  const { analyzeAdoption } = await import('../../lib/opengdd/analyze.ts');
  const id = data.page === 'adoption' ? data.adoption : `my-${data.definition.contract}`;
  const report = analyzeAdoption({
    id,
    file: `contracts/${id}.json`,
    document: JSON.parse(text),
    ...(pack ? { pack: { file: `${data.cv}.pack.json`, document: pack, ...(data.packDigest ? { digest: data.packDigest } : {}) } } : {}),
  });
  const problems = (report.diagnostics as Diagnostic[]).filter((d) => d.severity === 'error');
  list(sel(HOOKS.exportProblems), [...new Set(problems.map((d) => `${d.code}${d.pointer ? ` at ${d.pointer}` : ''}: ${d.message}`))]);
  setText(
    verdict,
    problems.length === 0 && gaps.length === 0
      ? EXPORT_WORDS.complete
      : EXPORT_WORDS.incomplete,
  );
}
