/**
 * Renders one order PDF over and over in a thread of its own and answers documents per second.
 * A thread has its own copy of pdfkit, so the kit's shared font metrics cannot speed the
 * baseline renderer up when both are measured in one run.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { renderOrderPdf as renderWithKit } from '@pharm/api';

export interface PdfWorkerInput {
  renderer: 'before' | 'kit';
  order: Parameters<typeof renderWithKit>[0];
  seconds: number;
}

const { renderer, order, seconds } = workerData as PdfWorkerInput;
const { renderOrderPdf } =
  renderer === 'kit' ? await import('@pharm/api') : await import('./order-pdf-before.js');

/** Documents per second over `ms` milliseconds. */
async function rate(ms: number): Promise<number> {
  const started = performance.now();
  let docs = 0;
  while (performance.now() - started < ms) {
    await renderOrderPdf(order);
    docs++;
  }
  return docs / ((performance.now() - started) / 1000);
}

await rate(500); // warm-up: compile the hot paths
parentPort!.postMessage(await rate(seconds * 1000));
