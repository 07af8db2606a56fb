import {
  outstandingPageOutput,
  outstandingQuery,
  reportsOutput,
  reportsQuery,
} from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { outstandingPage, reports } from './service.js';

export const reportsRouter = createTRPCRouter({
  get: protectedProcedure
    .meta({
      permission: 'reports.read',
      rest: {
        method: 'GET',
        path: '/api/reports',
        summary:
          'Sales of a period (from/to, all time without), A/R aging, sales by pharmacy and ' +
          'the open invoices as of a date (asOf, today without)',
      },
    })
    .input(reportsQuery.prefault({}))
    .output(answers(reportsOutput))
    .query(({ ctx, input }) => reports(ctx.db, input)),
  /**
   * Every invoice open on `asOf` (today without), most past due first, a page at a time (the
   * outstanding CSV).
   */
  outstanding: protectedProcedure
    .meta({ permission: 'reports.read' })
    .input(outstandingQuery.prefault({}))
    .output(answers(outstandingPageOutput))
    .query(({ ctx, input }) => outstandingPage(ctx.db, input)),
});
