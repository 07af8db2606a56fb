import { userListItemOutput, userListOutput, userUpdateSchema } from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { listUsers, updateUser } from './service.js';

export const usersRouter = createTRPCRouter({
  list: protectedProcedure
    .meta({
      permission: 'users.manage',
      rest: {
        method: 'GET',
        path: '/api/users',
        summary: 'Every user with their role, status and last sign-in',
      },
    })
    .output(answers(userListOutput))
    .query(({ ctx }) => listUsers(ctx.db)),
  update: protectedProcedure
    .meta({
      permission: 'users.manage',
      rest: {
        method: 'PUT',
        path: '/api/users/{id}',
        summary: "Change a user's role, deactivate or reactivate them",
      },
    })
    .input(userUpdateSchema)
    .output(answers(userListItemOutput))
    .mutation(({ ctx, input }) => updateUser(ctx.db, input.id, input.data, ctx.user)),
});
