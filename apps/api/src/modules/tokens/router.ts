import {
  deletedRecord,
  idParam,
  tokenCreatedOutput,
  tokenCreateSchema,
  tokenListOutput,
} from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { createToken, listTokens, revokeToken } from './service.js';

export const tokensRouter = createTRPCRouter({
  list: protectedProcedure
    .meta({
      permission: 'tokens.own',
      rest: {
        method: 'GET',
        path: '/api/tokens',
        summary: "Your API tokens (everyone's for an admin), without the tokens themselves",
      },
    })
    .output(answers(tokenListOutput))
    .query(({ ctx }) => listTokens(ctx.db, ctx.user)),
  create: protectedProcedure
    .meta({
      permission: 'tokens.own',
      rest: {
        method: 'POST',
        path: '/api/tokens',
        summary: 'Create an API token (shown in this answer only)',
        status: 201,
      },
    })
    .input(tokenCreateSchema)
    .output(answers(tokenCreatedOutput))
    .mutation(({ ctx, input }) => createToken(ctx.db, input, ctx.user)),
  revoke: protectedProcedure
    .meta({
      permission: 'tokens.own',
      rest: { method: 'DELETE', path: '/api/tokens/{id}', summary: 'Revoke an API token' },
    })
    .input(idParam)
    .output(answers(deletedRecord))
    .mutation(({ ctx, input }) => revokeToken(ctx.db, input.id, ctx.user)),
});
