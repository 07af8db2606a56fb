import { settingsSchema } from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { getSettings, updateSettings } from './service.js';

export const settingsRouter = createTRPCRouter({
  get: protectedProcedure
    .meta({
      permission: 'settings.read',
      rest: { method: 'GET', path: '/api/settings', summary: 'The credit-hold settings' },
    })
    .output(answers(settingsSchema))
    .query(({ ctx }) => getSettings(ctx.db)),
  update: protectedProcedure
    .meta({
      permission: 'settings.creditHold',
      rest: { method: 'PUT', path: '/api/settings', summary: 'Change the credit-hold settings' },
    })
    .input(settingsSchema)
    .output(answers(settingsSchema))
    .mutation(({ ctx, input }) => updateSettings(ctx.db, input, ctx.user)),
});
