/**
 * Puts files back from the output folder's copy on a thread of its own (see `output-copy.ts`):
 * tens of thousands of links cost a second or two of system calls, which the build's main thread
 * spends checking the catalog meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { restoreFromCopy, type FileStats } from './output-copy.ts';

const { copyDir, outDir, files, stats } = workerData as { copyDir: string; outDir: string; files: string[]; stats: FileStats };
parentPort!.postMessage([...restoreFromCopy(copyDir, outDir, files, stats)]);
