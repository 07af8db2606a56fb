import {
  dunningFeeWaiveSchema,
  dunningNoticeOutput,
  dunningNoticeQuery,
  dunningPauseOutput,
  dunningPauseSchema,
  dunningSettingsOutput,
  dunningSettingsSchema,
  idParam,
  pharmacyFeesOutput,
  todayIso,
} from '@pharm/validators';
import { z } from 'zod';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { runDailyJobs } from './jobs.js';
import {
  approveNotice,
  dueNotices,
  getDunningSettings,
  listNotices,
  pharmacyDunning,
  pharmacyFees,
  setDunningPaused,
  skipNotice,
  updateDunningSettings,
  waiveFee,
} from './service.js';

export const dunningRouter = createTRPCRouter({
  settings: protectedProcedure
    .meta({
      permission: 'settings.read',
      rest: {
        method: 'GET',
        path: '/api/settings/dunning',
        summary:
          'Dunning: on or off, auto-send, monthly statements, and the levels (days after the due date, negative before it; template; statement PDF; fee)',
      },
    })
    .output(answers(dunningSettingsOutput))
    .query(({ ctx }) => getDunningSettings(ctx.db)),
  updateSettings: protectedProcedure
    .meta({
      permission: 'dunning.settings',
      rest: {
        method: 'PUT',
        path: '/api/settings/dunning',
        summary:
          "Change the dunning settings; `levels` replaces every level, in order of days. Turned on, today's notices are proposed at once if today's run has not happened",
      },
    })
    .input(dunningSettingsSchema)
    .output(answers(dunningSettingsOutput))
    .mutation(async ({ ctx, input }) => {
      const saved = await updateDunningSettings(ctx.db, input);
      // Rather than within the hour: whoever turns dunning on sees today's proposals now.
      if (saved.enabled) await runDailyJobs(ctx.db, todayIso());
      return saved;
    }),
  due: protectedProcedure
    .meta({
      permission: 'dunning.read',
      rest: {
        method: 'GET',
        path: '/api/dunning/due',
        summary:
          'The proposed notices waiting for approval: one per pharmacy, its overdue invoices',
      },
    })
    .output(answers(z.array(dunningNoticeOutput)))
    .query(({ ctx }) => dueNotices(ctx.db)),
  list: protectedProcedure
    .meta({
      permission: 'dunning.read',
      rest: {
        method: 'GET',
        path: '/api/dunning/notices',
        summary: 'Every notice, newest first: approved (with its email), skipped, cancelled',
      },
    })
    .input(dunningNoticeQuery.prefault({}))
    .output(answers(z.array(dunningNoticeOutput)))
    .query(({ ctx, input }) => listNotices(ctx.db, input)),
  approve: protectedProcedure
    .meta({
      permission: 'dunning.write',
      rest: {
        method: 'POST',
        path: '/api/dunning/{id}/approve',
        summary:
          'Approve a proposed notice: its email is queued in the outbox (409 when every invoice was paid since)',
      },
    })
    .input(idParam)
    .output(answers(dunningNoticeOutput))
    .mutation(({ ctx, input }) => approveNotice(ctx.db, input.id, ctx.user)),
  skip: protectedProcedure
    .meta({
      permission: 'dunning.write',
      rest: {
        method: 'POST',
        path: '/api/dunning/{id}/skip',
        summary:
          'Skip a proposed notice: no email, and its invoices are not proposed again at this level',
      },
    })
    .input(idParam)
    .output(answers(dunningNoticeOutput))
    .mutation(({ ctx, input }) => skipNotice(ctx.db, input.id, ctx.user)),
  pharmacy: protectedProcedure
    .meta({
      permission: 'pharmacies.read',
      rest: {
        method: 'GET',
        path: '/api/pharmacies/{id}/dunning',
        summary: 'Whether dunning is paused for the pharmacy',
      },
    })
    .input(idParam)
    .output(answers(dunningPauseOutput))
    .query(({ ctx, input }) => pharmacyDunning(ctx.db, input.id)),
  pause: protectedProcedure
    .meta({
      permission: 'dunning.write',
      rest: {
        method: 'PUT',
        path: '/api/pharmacies/{id}/dunning',
        summary: 'Pause or resume dunning for the pharmacy: paused, it gets no notices',
      },
    })
    .input(idParam.extend({ data: dunningPauseSchema }))
    .output(answers(dunningPauseOutput))
    .mutation(({ ctx, input }) => setDunningPaused(ctx.db, input.id, input.data.paused)),
  fees: protectedProcedure
    .meta({
      permission: 'pharmacies.read',
      rest: {
        method: 'GET',
        path: '/api/pharmacies/{id}/dunning-fees',
        summary:
          "The pharmacy's late fees (dunning), newest first, and what is owed of them: a fee is owed from its date until it is waived",
      },
    })
    .input(idParam)
    .output(answers(pharmacyFeesOutput))
    .query(({ ctx, input }) => pharmacyFees(ctx.db, input.id)),
  waiveFee: protectedProcedure
    .meta({
      permission: 'dunning.write',
      rest: {
        method: 'POST',
        path: '/api/dunning-fees/{id}/waive',
        summary:
          'Waive a late fee, with a reason: owed no more from today, shown on statements as a waiver on that day (409 when waived already)',
      },
    })
    .input(idParam.extend({ data: dunningFeeWaiveSchema }))
    .output(answers(pharmacyFeesOutput))
    .mutation(({ ctx, input }) =>
      waiveFee(ctx.db, input.id, input.data.reason, todayIso(), ctx.user),
    ),
});
