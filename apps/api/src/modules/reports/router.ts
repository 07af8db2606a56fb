import { outstandingPageOutput, outstandingQuery, reportsOutput } from '@pharm/validators';
import { createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { outstandingPage, reports } from './service.js';

export const reportsRouter = createTRPCRouter({
  get: protectedProcedure.output(reportsOutput).query(({ ctx }) => reports(ctx.db)),
  /** Every open invoice, most past due first, a page at a time (the outstanding CSV). */
  outstanding: protectedProcedure
    .input(outstandingQuery.prefault({}))
    .output(outstandingPageOutput)
    .query(({ ctx, input }) => outstandingPage(ctx.db, input)),
});
