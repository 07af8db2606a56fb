import { outstandingPageOutput, outstandingQuery, reportsOutput } from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { outstandingPage, reports } from './service.js';

export const reportsRouter = createTRPCRouter({
  get: protectedProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/reports',
        summary: 'Totals, A/R aging, sales by pharmacy and the open invoices',
      },
    })
    .output(answers(reportsOutput))
    .query(({ ctx }) => reports(ctx.db)),
  /** Every open invoice, most past due first, a page at a time (the outstanding CSV). */
  outstanding: protectedProcedure
    .input(outstandingQuery.prefault({}))
    .output(answers(outstandingPageOutput))
    .query(({ ctx, input }) => outstandingPage(ctx.db, input)),
});
