import { settingsSchema } from '@pharm/validators';
import { createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { getSettings, updateSettings } from './service.js';

export const settingsRouter = createTRPCRouter({
  get: protectedProcedure.output(settingsSchema).query(({ ctx }) => getSettings(ctx.db)),
  update: protectedProcedure
    .input(settingsSchema)
    .output(settingsSchema)
    .mutation(({ ctx, input }) => updateSettings(ctx.db, input, ctx.user.id)),
});
