import { activityListQuery, activityPageOutput, activityUsersOutput } from '@pharm/validators';
import { createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { activityUsers, listActivity } from './service.js';

export const activityRouter = createTRPCRouter({
  list: protectedProcedure
    .input(activityListQuery.prefault({}))
    .output(activityPageOutput)
    .query(({ ctx, input }) => listActivity(ctx.db, input)),
  users: protectedProcedure.output(activityUsersOutput).query(({ ctx }) => activityUsers(ctx.db)),
});
