import { statementOutput, statementQuery } from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { pharmacyStatement } from './service.js';

export const statementsRouter = createTRPCRouter({
  /** A pharmacy's statement of account for a period. */
  get: protectedProcedure
    .meta({
      permission: 'reports.read',
      rest: {
        method: 'GET',
        path: '/api/pharmacies/{id}/statement',
        summary:
          "A pharmacy's statement of account for a period (`from` and `to`, or the last full month)",
      },
    })
    .input(statementQuery)
    .output(answers(statementOutput))
    .query(({ ctx, input }) => pharmacyStatement(ctx.db, input)),
});
