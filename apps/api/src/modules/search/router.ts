import { searchOutput, searchSchema } from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { search } from './service.js';

export const searchRouter = createTRPCRouter({
  find: protectedProcedure
    .meta({
      permission: 'reports.read',
      rest: {
        method: 'GET',
        path: '/api/search',
        summary: 'Orders, invoices, pharmacies and products matching `q`, at most 10 of each',
      },
    })
    .input(searchSchema)
    .output(answers(searchOutput))
    .query(({ ctx, input }) => search(ctx.db, input.q, ctx.user.role)),
});
