/**
 * A piece of heavy work a module hands to the worker threads (docs/rules.md §6): its name, which
 * the thread looks it up by among the modules' jobs, and what the thread runs. The input and the
 * result are copied between threads, so they are plain data: no functions, class instances or
 * connections.
 */
export interface Job<I, O> {
  name: string;
  run: (input: I) => Promise<O>;
  /** A document: the thread is stopped once it has worked on it this long (pool.ts). */
  deadline?: true;
}

export type AnyJob = Job<never, unknown>;

export const defineJob = <I, O>(
  name: string,
  run: (input: I) => Promise<O>,
  options: { deadline?: true } = {},
): Job<I, O> => ({ name, run, ...options });

/** A PDF rendered on a worker thread, under the documents' deadline. */
export const definePdf = <I>(name: string, render: (input: I) => Promise<Buffer>) =>
  defineJob(name, render, { deadline: true });
