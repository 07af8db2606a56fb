import { TRPCError } from '@trpc/server';
import {
  loginSchema,
  okOutput,
  registerSchema,
  registrationOutput,
  userOutput,
} from '@pharm/validators';
import type { Context } from '../../context.js';
import { answers, createTRPCRouter, protectedProcedure, publicProcedure } from '../../trpc.js';
import { authenticate, invitationOnly, registerUser } from './service.js';

function requireSession(ctx: Context) {
  if (!ctx.session)
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'No HTTP session' });
  return ctx.session;
}

export const authRouter = createTRPCRouter({
  /** The signed-in user, or null. */
  me: publicProcedure.output(answers(userOutput.nullable())).query(({ ctx }) => ctx.user),

  /** For the Register tab, signed out: whether it may offer its form. Public, declares none. */
  registration: publicProcedure.output(answers(registrationOutput)).query(async ({ ctx }) => ({
    invitationOnly: await invitationOnly(ctx.db, ctx.config.registration),
  })),

  /** GET /api/user: 401 when signed out, as the spec's client expects. */
  user: protectedProcedure
    .meta({
      permission: 'account.own',
      rest: { method: 'GET', path: '/api/user', summary: 'The signed-in user' },
    })
    .output(answers(userOutput))
    .query(({ ctx }) => ctx.user),

  register: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/register',
        summary: 'Create an account and sign in',
        status: 201,
        errors: [429],
      },
    })
    .input(registerSchema)
    .output(answers(userOutput))
    .mutation(async ({ ctx, input }) => {
      const session = requireSession(ctx);
      const user = await registerUser(
        ctx.db,
        input,
        { ip: ctx.ip, guards: ctx.authGuards },
        ctx.config.registration,
        ctx.config.defaultRole,
      );
      await session.signIn(user.id);
      return user;
    }),

  login: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/login', summary: 'Sign in', errors: [401, 429] } })
    .input(loginSchema)
    .output(answers(userOutput))
    .mutation(async ({ ctx, input }) => {
      const session = requireSession(ctx);
      const user = await authenticate(ctx.db, input, { ip: ctx.ip, guards: ctx.authGuards });
      await session.signIn(user.id);
      return user;
    }),

  /** 401 without a session, like every other signed-in call. */
  logout: protectedProcedure
    .meta({
      permission: 'account.own',
      rest: { method: 'POST', path: '/api/logout', summary: 'Sign out' },
    })
    .output(answers(okOutput))
    .mutation(async ({ ctx }) => {
      await requireSession(ctx).signOut();
      return { ok: true as const };
    }),
});
