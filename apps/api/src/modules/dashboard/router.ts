import { dashboardRecentOutput, dashboardSummaryOutput } from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { dashboardRecent, dashboardSummary } from './service.js';

export const dashboardRouter = createTRPCRouter({
  summary: protectedProcedure
    .output(answers(dashboardSummaryOutput))
    .query(({ ctx }) => dashboardSummary(ctx.db)),
  recent: protectedProcedure
    .output(answers(dashboardRecentOutput))
    .query(({ ctx }) => dashboardRecent(ctx.db)),
});
