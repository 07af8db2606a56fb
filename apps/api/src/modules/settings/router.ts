import { settingsOutput, settingsSchema } from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { getSettings, updateSettings } from './service.js';

export const settingsRouter = createTRPCRouter({
  get: protectedProcedure
    .meta({
      permission: 'settings.read',
      rest: {
        method: 'GET',
        path: '/api/settings',
        summary: 'The business settings: credit hold and licences',
      },
    })
    .output(answers(settingsOutput))
    .query(({ ctx }) => getSettings(ctx.db)),
  update: protectedProcedure
    .meta({
      permission: 'settings.creditHold',
      rest: {
        method: 'PUT',
        path: '/api/settings',
        summary:
          'Change the business settings (those left out keep their values; the licence settings need `settings.write`)',
      },
    })
    .input(settingsSchema)
    .output(answers(settingsOutput))
    .mutation(({ ctx, input }) => updateSettings(ctx.db, input, ctx.user)),
});
