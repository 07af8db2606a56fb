import type { AnyTRPCRouter } from '@trpc/server';
import type { ConstraintRule } from './domain-error.js';
import type { FileRoute } from './http/files.js';
import type { SearchGroup } from './search.js';
import type { AnyJob } from './workers/jobs.js';

/**
 * One entity's server side, as the central mechanisms see it: modules/index.ts lists the modules,
 * and the API's router, the REST paths and their document, the database-error messages, the
 * worker threads' jobs and the global search are all built from that list, so adding an entity edits none of them.
 */
export interface AppModule<
  Name extends string = string,
  Router extends AnyTRPCRouter = AnyTRPCRouter,
> {
  /** The router's key in the API (`orders.list`) and the tag of its REST paths. */
  name: Name;
  /** One line on what the module's paths do, for the API document. */
  description: string;
  router: Router;
  /** The database constraints of its tables, as the messages and fields a client reads. */
  constraints?: Readonly<Record<string, ConstraintRule>>;
  /** Its GET paths that answer a file: PDFs and CSV exports. */
  files?: readonly FileRoute[];
  /** Its heavy work, run on the worker threads. */
  jobs?: readonly AnyJob[];
  /** Its group of the global search's results. */
  search?: SearchGroup;
}

export const defineModule = <Name extends string, Router extends AnyTRPCRouter>(
  module: AppModule<Name, Router>,
): AppModule<Name, Router> => module;
