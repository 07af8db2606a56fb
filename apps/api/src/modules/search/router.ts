import { searchOutput, searchSchema } from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { search } from './service.js';

export const searchRouter = createTRPCRouter({
  find: protectedProcedure
    .input(searchSchema)
    .output(answers(searchOutput))
    .query(({ ctx, input }) => search(ctx.db, input.q)),
});
