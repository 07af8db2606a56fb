import { dashboardRecentOutput, dashboardSummaryOutput } from '@pharm/validators';
import { createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { dashboardRecent, dashboardSummary } from './service.js';

export const dashboardRouter = createTRPCRouter({
  summary: protectedProcedure
    .output(dashboardSummaryOutput)
    .query(({ ctx }) => dashboardSummary(ctx.db)),
  recent: protectedProcedure
    .output(dashboardRecentOutput)
    .query(({ ctx }) => dashboardRecent(ctx.db)),
});
