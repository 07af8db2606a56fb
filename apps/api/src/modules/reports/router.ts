import { outstandingPageOutput, outstandingQuery, reportsOutput } from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { outstandingPage, reports } from './service.js';

export const reportsRouter = createTRPCRouter({
  get: protectedProcedure.output(answers(reportsOutput)).query(({ ctx }) => reports(ctx.db)),
  /** Every open invoice, most past due first, a page at a time (the outstanding CSV). */
  outstanding: protectedProcedure
    .input(outstandingQuery.prefault({}))
    .output(answers(outstandingPageOutput))
    .query(({ ctx, input }) => outstandingPage(ctx.db, input)),
});
