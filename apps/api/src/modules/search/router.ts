import { searchOutput, searchSchema } from '@pharm/validators';
import { createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { search } from './service.js';

export const searchRouter = createTRPCRouter({
  find: protectedProcedure
    .input(searchSchema)
    .output(searchOutput)
    .query(({ ctx, input }) => search(ctx.db, input.q)),
});
