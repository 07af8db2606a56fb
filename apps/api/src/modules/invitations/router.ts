import { TRPCError } from '@trpc/server';
import {
  deletedRecord,
  idParam,
  invitationAcceptSchema,
  invitationCreatedOutput,
  invitationCreateSchema,
  invitationListOutput,
  userOutput,
} from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure, publicProcedure } from '../../trpc.js';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  revokeInvitation,
} from './service.js';

export const invitationsRouter = createTRPCRouter({
  list: protectedProcedure
    .meta({
      permission: 'users.manage',
      rest: {
        method: 'GET',
        path: '/api/invitations',
        summary: 'Every invitation with its status (never its link)',
      },
    })
    .output(answers(invitationListOutput))
    .query(({ ctx }) => listInvitations(ctx.db)),
  create: protectedProcedure
    .meta({
      permission: 'users.manage',
      rest: {
        method: 'POST',
        path: '/api/invitations',
        summary: 'Invite someone by email with a role: a one-time link, valid 7 days',
        status: 201,
      },
    })
    .input(invitationCreateSchema)
    .output(answers(invitationCreatedOutput))
    .mutation(({ ctx, input }) => createInvitation(ctx.db, input, ctx.user, ctx.origin)),
  revoke: protectedProcedure
    .meta({
      permission: 'users.manage',
      rest: { method: 'DELETE', path: '/api/invitations/{id}', summary: 'Revoke an invitation' },
    })
    .input(idParam)
    .output(answers(deletedRecord))
    .mutation(({ ctx, input }) => revokeInvitation(ctx.db, input.id, ctx.user)),
  /** Public: the link is the credential. Creates the user and signs them in. */
  accept: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/invitations/accept',
        summary: 'Accept an invitation: create the account and sign in',
        status: 201,
        errors: [429],
      },
    })
    .input(invitationAcceptSchema)
    .output(answers(userOutput))
    .mutation(async ({ ctx, input }) => {
      if (!ctx.session)
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'No HTTP session' });
      const user = await acceptInvitation(ctx.db, input, { ip: ctx.ip, guards: ctx.authGuards });
      await ctx.session.signIn(user.id);
      return user;
    }),
});
