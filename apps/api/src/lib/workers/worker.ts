/**
 * The heavy work of a request (rendering a PDF, parsing a catalogue feed), as the worker threads
 * of pool.ts run it: a module's job, found by its name among the jobs the modules declare. tsup
 * builds this file as its own entry (dist/worker.js); from the TypeScript source, tsx loads it.
 */
import type { ErrorCode, FieldIssue } from '@pharm/validators';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { modules } from '../../modules/index.js';
import { DomainError } from '../domain-error.js';
import type { AnyJob } from './jobs.js';

/** A job by its name, and its input. */
export interface HeavyTask {
  job: string;
  input: unknown;
}

const jobs = new Map<string, AnyJob>(
  modules.flatMap((module) => module.jobs ?? []).map((job) => [job.name, job]),
);

/**
 * What a task answers. A refusal (a DomainError: a document over the page cap) is sent as its
 * fields, since an error copied between threads keeps only its message.
 */
export type HeavyOutcome =
  { value: unknown } | { refused: { code: ErrorCode; message: string; issues: FieldIssue[] } };

export async function runHeavyTask(task: HeavyTask): Promise<HeavyOutcome> {
  const job = jobs.get(task.job);
  if (!job) throw new Error(`No module declares the job ${task.job}`);
  try {
    return { value: await job.run(task.input as never) };
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
