import { activityListQuery } from '@pharm/validators';
import { createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { activityUsers, listActivity } from './service.js';

export const activityRouter = createTRPCRouter({
  list: protectedProcedure
    .input(activityListQuery.prefault({}))
    .query(({ ctx, input }) => listActivity(ctx.db, input)),
  users: protectedProcedure.query(({ ctx }) => activityUsers(ctx.db)),
});
