import { activityListQuery, activityPageOutput, activityUsersOutput } from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { activityUsers, listActivity } from './service.js';

export const activityRouter = createTRPCRouter({
  list: protectedProcedure
    .meta({
      permission: 'activity.read',
      rest: {
        method: 'GET',
        path: '/api/activity',
        summary: 'The activity log, newest first, by record or user',
        paged: true,
      },
    })
    .input(activityListQuery.prefault({}))
    .output(answers(activityPageOutput))
    .query(({ ctx, input }) => listActivity(ctx.db, input, ctx.user.role)),
  users: protectedProcedure
    .meta({ permission: 'activity.read' })
    .output(answers(activityUsersOutput))
    .query(({ ctx }) => activityUsers(ctx.db)),
});
