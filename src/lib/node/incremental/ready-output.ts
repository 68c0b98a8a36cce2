/**
 * Readies the output folder as a build starts (see `build-cache.ts`): keeps the files of the last
 * finished build that are to be kept and still as it left them, removes everything else, and puts
 * back from the output folder's copy (`output-copy.ts`) what is missing. Walking, removing and
 * linking tens of thousands of files costs a second or more of system calls, so it runs on a
 * worker thread while the build's main thread checks the catalog.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { asRecorded, restoreFromCopy, type FileStats } from './output-copy.ts';
import { removeFiles, walkFiles } from './tree.ts';

/** What readying the output folder needs to know. */
export interface OutputJob {
  outDir: string;
  /** The output folder's copy (removed unless `last.copied`). */
  copyDir: string;
  /** The search index's folder in the output folder: kept whole or dropped whole. */
  searchDir: string;
  /** What the last finished build left, when it is trusted; else the output folder is emptied. */
  last?: {
    /** Size and modification time of every file it left. */
    stats: FileStats;
    /** The files to keep, besides the search index's. */
    keep: readonly string[];
    /** Whether the copy holds the files of `stats`. */
    copied: boolean;
  };
}

/** The output folder, ready. */
export interface OutputReady {
  /** The files of the last build that the output folder holds as it left them. */
  present: string[];
  /** Whether a file of the search index was missing, and the index's folder was removed. */
  searchLost: boolean;
}

/**
 * Readies the output folder on this thread. Run twice, it gives the same folder. Stops linking
 * files back once `halted` says so.
 */
export function readyOutput(job: OutputJob, halted: () => boolean = () => false): OutputReady {
  const { outDir, copyDir, last } = job;
  const search = `${job.searchDir}/`;
  if (!last?.copied) rmSync(copyDir, { recursive: true, force: true });
  const keep = new Set(last?.keep);
  const kept = (file: string) => file.startsWith(search) || keep.has(file);
  const present = new Set<string>();
  const gone: string[] = [];
  walkFiles(outDir, (file, st) => {
    if (last && kept(file) && asRecorded(last.stats, file, st)) present.add(file);
    else gone.push(file);
    return true;
  });
  removeFiles(outDir, gone);
  if (!last) return { present: [], searchLost: false };
  const missing = Object.keys(last.stats).filter((file) => !present.has(file) && kept(file));
  // A CI run without the output folder gets it back here, as the last build left it.
  if (last.copied && missing.length) for (const file of restoreFromCopy(copyDir, outDir, missing, last.stats, halted)) present.add(file);
  // A page not found is copied back by Astro from its own cache; a search-index file, by no one.
  const searchLost = Object.keys(last.stats).some((file) => file.startsWith(search) && !present.has(file));
  if (searchLost) rmSync(path.join(outDir, job.searchDir), { recursive: true, force: true });
  return { present: [...present].filter((file) => !searchLost || !file.startsWith(search)), searchLost };
}

/**
 * {@link readyOutput} on a worker thread; on this one where the worker cannot start or fails. A
 * process that exits meanwhile (a build that failed while its catalog was checked) first stops the
 * worker and waits for it, so that no file is linked into the output folder after the build's
 * exit emptied it (see `guardOutput` in the site's integration).
 */
export function readyOutputAside(job: OutputJob): Promise<OutputReady> {
  return new Promise((resolve) => {
    // [0]: asked to stop; [1]: no longer linking.
    const signal = new Int32Array(new SharedArrayBuffer(8));
    let worker: Worker;
    try {
      worker = new Worker(new URL('./output-worker.ts', import.meta.url), { workerData: { job, signal } });
    } catch {
      resolve(readyOutput(job));
      return;
    }
    const stop = () => {
      Atomics.store(signal, 0, 1);
      Atomics.wait(signal, 1, 0, STOP_WAIT_MS);
    };
    // Before any other listener: the output folder's guard empties it on exit.
    process.prependOnceListener('exit', stop);
    let ready: OutputReady | undefined;
    worker.once('message', (message: OutputReady) => (ready = message));
    // An error ends the worker: its exit below runs the rest here.
    worker.on('error', () => undefined);
    worker.once('exit', () => {
      process.removeListener('exit', stop);
      // A worker that failed midway left a folder that running again finishes.
      resolve(ready ?? readyOutput(job));
    });
  });
}

/** The longest an exiting process waits for the worker to stop (it stops within one link). */
const STOP_WAIT_MS = 5_000;

/** The worker's side of {@link readyOutputAside}: readies the folder, then says it no longer links. */
export function readyOutputAsWorker(job: OutputJob, signal: Int32Array): OutputReady {
  try {
    return readyOutput(job, () => Atomics.load(signal, 0) === 1);
  } finally {
    Atomics.store(signal, 1, 1);
    Atomics.notify(signal, 1);
  }
}
