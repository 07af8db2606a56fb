import { statementOutput, statementQuery } from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { pharmacyStatement } from './service.js';

export const statementsRouter = createTRPCRouter({
  /** A pharmacy's statement of account for a period. */
  get: protectedProcedure
    .input(statementQuery)
    .output(answers(statementOutput))
    .query(({ ctx, input }) => pharmacyStatement(ctx.db, input)),
});
