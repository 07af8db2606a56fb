import { searchSchema } from '@pharm/validators';
import { createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { search } from './service.js';

export const searchRouter = createTRPCRouter({
  find: protectedProcedure.input(searchSchema).query(({ ctx, input }) => search(ctx.db, input.q)),
});
