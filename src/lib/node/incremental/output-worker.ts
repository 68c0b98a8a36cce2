/** The worker thread of `readyOutputAside` (see `ready-output.ts`). */
import { parentPort, workerData } from 'node:worker_threads';
import { readyOutputAsWorker, type OutputJob } from './ready-output.ts';

const { job, signal } = workerData as { job: OutputJob; signal: Int32Array };
parentPort!.postMessage(readyOutputAsWorker(job, signal));
