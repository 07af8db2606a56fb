import { settingsSchema } from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { getSettings, updateSettings } from './service.js';

export const settingsRouter = createTRPCRouter({
  get: protectedProcedure.output(answers(settingsSchema)).query(({ ctx }) => getSettings(ctx.db)),
  update: protectedProcedure
    .input(settingsSchema)
    .output(answers(settingsSchema))
    .mutation(({ ctx, input }) => updateSettings(ctx.db, input, ctx.user.id)),
});
