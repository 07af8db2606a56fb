import { dashboardRecentOutput, dashboardSummaryOutput } from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { dashboardRecent, dashboardSummary } from './service.js';

export const dashboardRouter = createTRPCRouter({
  summary: protectedProcedure
    .meta({
      permission: 'reports.read',
      rest: {
        method: 'GET',
        path: '/api/dashboard',
        summary: 'Open orders, unpaid invoices and the total outstanding',
      },
    })
    .output(answers(dashboardSummaryOutput))
    .query(({ ctx }) => dashboardSummary(ctx.db, ctx.user.role)),
  recent: protectedProcedure
    .meta({ permission: 'reports.read' })
    .output(answers(dashboardRecentOutput))
    .query(({ ctx }) => dashboardRecent(ctx.db, ctx.user.role)),
});
