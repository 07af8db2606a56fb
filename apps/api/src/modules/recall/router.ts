import { recallOutput, recallQuery } from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { recall } from './service.js';

export const recallRouter = createTRPCRouter({
  find: protectedProcedure
    .meta({
      permission: 'reports.read',
      rest: {
        method: 'GET',
        path: '/api/recall',
        summary:
          'The pharmacies and invoices that received a lot (`lot`, a trailing * for a prefix)',
      },
    })
    .input(recallQuery)
    .output(answers(recallOutput))
    .query(({ ctx, input }) => recall(ctx.db, input)),
});
