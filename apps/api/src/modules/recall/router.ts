import { recallOutput, recallQuery } from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { recall } from './service.js';

export const recallRouter = createTRPCRouter({
  find: protectedProcedure
    .input(recallQuery)
    .output(answers(recallOutput))
    .query(({ ctx, input }) => recall(ctx.db, input)),
});
