/** The worker thread of `readyOutputAside` (see `ready-output.ts`). */
import { parentPort, workerData } from 'node:worker_threads';
import { readyOutput, type OutputJob } from './ready-output.ts';

parentPort!.postMessage(readyOutput(workerData as OutputJob));
