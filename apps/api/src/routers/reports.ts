import { createTRPCRouter, protectedProcedure } from '../trpc.js';
import { reports } from './reports.service.js';

export const reportsRouter = createTRPCRouter({
  get: protectedProcedure.query(({ ctx }) => reports(ctx.db)),
});
