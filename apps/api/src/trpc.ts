import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import type { z } from 'zod';
import type { Context } from './context.js';
import { authorize } from './lib/authorize.js';
import { toTRPCError, trpcErrorData } from './lib/http/errors.js';
import type { ProcedureMeta } from './lib/http/rest-meta.js';

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error }) {
      const { stack: _stack, ...data } = shape.data;
      const domain = trpcErrorData(error);
      return {
        ...shape,
        message: domain.message,
        data: { ...data, code: domain.code, issues: domain.issues },
      };
    },
  });

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Maps database and driver failures onto 400/409/503 so bad input never surfaces as a 500. */
const errorMapping = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toTRPCError(result.error);
  return result;
});

export const publicProcedure = t.procedure.use(errorMapping);

/**
 * The one check of roles (decisions.md §8): the procedure's `meta.permission` against the
 * caller's role. REST paths, file downloads, search and reports all call procedures, so they all
 * pass here. Fail closed: a signed-in procedure that declares no permission answers no one.
 */
export const protectedProcedure = publicProcedure
  .use(({ ctx, meta, next }) => {
    if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not signed in' });
    const permission = meta?.permission;
    if (!permission)
      throw new TRPCError({ code: 'FORBIDDEN', message: 'This action declares no permission' });
    authorize(ctx.user.role, permission);
    return next({ ctx: { ...ctx, user: ctx.user } });
  })
  // A procedure's own `.meta()` is merged with this one (the API document's security).
  .meta({ signedIn: true });

/**
 * A procedure's output schema (`.output(answers(schema))`), parsed synchronously: tRPC would call
 * zod's parseAsync, which skips zod's compiled object parser and made a 50-order page's check
 * about five times slower (bench/README.md). The schema stays readable for the API document as
 * `_def.output.schema`.
 */
export function answers<Schema extends z.ZodType>(schema: Schema) {
  return Object.assign((value: unknown): z.output<Schema> => schema.parse(value), { schema });
}
