import { createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { dashboardRecent, dashboardSummary } from './service.js';

export const dashboardRouter = createTRPCRouter({
  summary: protectedProcedure.query(({ ctx }) => dashboardSummary(ctx.db)),
  recent: protectedProcedure.query(({ ctx }) => dashboardRecent(ctx.db)),
});
