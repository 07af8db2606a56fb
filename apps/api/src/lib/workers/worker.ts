/**
 * The heavy work of a request (rendering a PDF, parsing a catalogue feed), as the worker threads
 * of worker-pool.ts run it. tsup builds this file as its own entry (dist/worker.js); from the
 * TypeScript source, tsx loads it.
 */
import type { ErrorCode, FieldIssue } from '@pharm/validators';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { parseFeed, type FeedFormat } from '../../modules/products/catalog/parse.js';
import type { CatalogFeed } from '../../modules/products/catalog/provider.js';
import { DomainError } from '../domain-error.js';
import { renderPdf, type PdfJob } from '../pdf/jobs.js';

export type HeavyTask =
  | { pdf: PdfJob }
  /** A CSV upload as its text, or a feed's bytes. */
  | { feed: string | Uint8Array; format?: FeedFormat };

/**
 * What a task answers. A refusal (a DomainError: a document over the page cap) is sent as its
 * fields, since an error copied between threads keeps only its message.
 */
export type HeavyOutcome =
  | { value: Uint8Array | CatalogFeed }
  | { refused: { code: ErrorCode; message: string; issues: FieldIssue[] } };

export async function runHeavyTask(task: HeavyTask): Promise<HeavyOutcome> {
  try {
    if ('pdf' in task) return { value: await renderPdf(task.pdf) };
    return { value: await parseFeed(task.feed, task.format) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { refused: { code: error.code, message: error.message, issues: error.issues } };
  }
}

export interface WorkerMessage {
  task: HeavyTask;
  /** Where the worker writes when it started the task (ms since the epoch), for the deadline. */
  startedAt: BigInt64Array;
}

/** A document's bytes are handed back, not copied; a view on a shared slab is copied first. */
function movable(outcome: HeavyOutcome) {
  if (!('value' in outcome) || !(outcome.value instanceof Uint8Array)) return outcome;
  const { value } = outcome;
  const bytes =
    value.byteOffset === 0 && value.byteLength === value.buffer.byteLength
      ? value
      : new Uint8Array(value);
  return move({ [transferableSymbol]: bytes.buffer, [valueSymbol]: { value: bytes } });
}

export default async function workerTask({ task, startedAt }: WorkerMessage) {
  Atomics.store(startedAt, 0, BigInt(Date.now()));
  return movable(await runHeavyTask(task));
}
