import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import Piscina from 'piscina';
import { DomainError } from '../domain-error.js';
import type { Job } from './jobs.js';
import { runHeavyTask, type HeavyOutcome, type HeavyTask, type WorkerMessage } from './worker.js';

/**
 * The work that would hold the event loop for seconds (docs/rules.md §6): a 500-page PDF, a
 * 40,000-row CSV. Requests hand it over and wait for the result while others are served.
 */
export interface HeavyWork {
  /**
   * Runs a module's job (jobs.ts) and answers its result; bytes come back as a Buffer. The
   * buffers in `transfer` are handed over to the thread, not copied: do not reuse them.
   */
  run<I, O>(job: Job<I, O>, input: I, transfer?: ArrayBuffer[]): Promise<O>;
}

/** Tasks that may wait for a thread, per thread; one more is refused with 503. */
export const QUEUE_PER_THREAD = 4;
/**
 * How long one PDF may hold its thread (waiting for a thread not counted); then the thread is
 * stopped and the request gets 503. The page cap (pdf/document.ts) keeps the largest documents
 * to a few seconds; this is the backstop.
 */
export const PDF_DEADLINE_MS = 20_000;
/**
 * Idle threads end after this long: a quiet server holds none (each is some 30 MB), one in use
 * keeps them warm (starting one adds about 0.2 s to the first PDF).
 */
const IDLE_TIMEOUT_MS = 5 * 60_000;

export interface WorkerPoolOptions {
  /** Threads at most; one per core by default. */
  threads?: number;
  /** Tasks waiting for a thread at most; QUEUE_PER_THREAD per thread by default. */
  maxQueue?: number;
  pdfDeadlineMs?: number;
}

/**
 * dist/worker.js beside the bundle; from the TypeScript source (`pnpm dev`, the tests),
 * worker.ts here, which the threads load through tsx.
 */
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(fromSource ? './worker.ts' : './worker.js', import.meta.url);
const WORKER_EXEC_ARGV = fromSource
  ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
  : undefined;

/** The job's result; a document's bytes, which arrive as a plain Uint8Array, as a Buffer. */
function valueOf(outcome: HeavyOutcome): unknown {
  if ('refused' in outcome) {
    const { code, message, issues } = outcome.refused;
    throw new DomainError(code, message, issues);
  }
  const { value } = outcome;
  return value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value;
}

/** The same work on the calling thread, for what runs without a server: scripts and benchmarks. */
export const onThisThread: HeavyWork = {
  async run<I, O>(job: Job<I, O>, input: I): Promise<O> {
    return valueOf(await runHeavyTask({ job: job.name, input })) as O;
  },
};

const busy = () =>
  new DomainError('UNAVAILABLE', 'The server is busy; please try again in a moment');

/** Aborts once the task has run on its thread for `ms`; returns what cancels the watch. */
function watchDeadline(startedAt: BigInt64Array, ms: number, abort: AbortController): () => void {
  let timer: NodeJS.Timeout;
  const check = () => {
    const started = Number(Atomics.load(startedAt, 0));
    const left = started ? started + ms - Date.now() : ms;
    if (started && left <= 0) abort.abort();
    else timer = setTimeout(check, left);
  };
  timer = setTimeout(check, ms);
  return () => clearTimeout(timer);
}

/**
 * Worker threads for the heavy work: at most one per core, started when work comes and ended
 * when idle, with a bounded queue in front of them. createServer makes one and closes it with
 * the server.
 */
export class WorkerPool implements HeavyWork {
  readonly threads: number;
  readonly maxQueue: number;
  private readonly pdfDeadlineMs: number;
  private readonly pool: Piscina<WorkerMessage, HeavyOutcome>;
  /** Tasks handed over and not yet answered: running and waiting. */
  private pending = 0;
  /** Told how long each task waited for a thread, in seconds (the /metrics histogram). */
  observeWait: ((seconds: number) => void) | undefined;

  constructor(options: WorkerPoolOptions = {}) {
    this.threads = options.threads ?? availableParallelism();
    this.maxQueue = options.maxQueue ?? this.threads * QUEUE_PER_THREAD;
    this.pdfDeadlineMs = options.pdfDeadlineMs ?? PDF_DEADLINE_MS;
    // piscina's own maxQueue is not used: it does not count tasks that carry an abort signal.
    this.pool = new Piscina({
      filename: WORKER_FILE.href,
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: IDLE_TIMEOUT_MS,
      execArgv: WORKER_EXEC_ARGV,
    });
  }

  async run<I, O>(job: Job<I, O>, input: I, transfer: ArrayBuffer[] = []): Promise<O> {
    const deadlineMs = job.deadline ? this.pdfDeadlineMs : undefined;
    return (await this.handOver({ job: job.name, input }, { deadlineMs, transfer })) as O;
  }

  /**
   * The pool's figures (for /metrics): threads running, tasks handed over and not yet answered,
   * those of them waiting for a thread, and how long tasks waited for one (ms).
   */
  stats() {
    const { waitTime } = this.pool.histogram;
    return {
      threads: this.pool.threads.length,
      tasks: this.pending,
      queued: this.pool.queueSize,
      waitMs: { p50: waitTime.p50, p99: waitTime.p99, max: waitTime.max },
    };
  }

  /** Stops the threads; whatever still runs or waits is dropped (its request has gone). */
  close(): Promise<void> {
    return this.pool.destroy();
  }

  private async handOver(
    task: HeavyTask,
    {
      deadlineMs,
      transfer,
    }: {
      /** How long the task may hold its thread (documents have a deadline, feeds none). */
      deadlineMs: number | undefined;
      transfer: ArrayBuffer[];
    },
  ): Promise<unknown> {
    if (this.pending >= this.threads + this.maxQueue) throw busy();
    this.pending += 1;
    const startedAt = new BigInt64Array(new SharedArrayBuffer(8));
    const handedOver = Date.now();
    const abort = new AbortController();
    const unwatch = deadlineMs && watchDeadline(startedAt, deadlineMs, abort);
    try {
      return valueOf(
        await this.pool.run({ task, startedAt }, { signal: abort.signal, transferList: transfer }),
      );
    } catch (error) {
      // The deadline stopped the thread; piscina answers that with its own AbortError.
      if (!abort.signal.aborted) throw error;
      throw new DomainError(
        'UNAVAILABLE',
        `The document took longer than ${deadlineMs! / 1000} seconds to prepare; please try again in a moment`,
        [],
        { cause: error },
      );
    } finally {
      this.pending -= 1;
      if (unwatch) unwatch();
      const started = Number(Atomics.load(startedAt, 0));
      if (started) this.observeWait?.((started - handedOver) / 1000);
    }
  }
}
