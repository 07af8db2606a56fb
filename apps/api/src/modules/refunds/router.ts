import {
  idParam,
  refundCreateSchema,
  refundListQuery,
  refundOutput,
  refundPageOutput,
} from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { createRefund, getRefund, listRefunds } from './service.js';

export const refundsRouter = createTRPCRouter({
  list: protectedProcedure
    .meta({
      permission: 'creditNotes.read',
      rest: {
        method: 'GET',
        path: '/api/refunds',
        summary: 'Refunds, newest first, by pharmacy, payment or credit note',
        paged: true,
      },
    })
    .input(refundListQuery.prefault({}))
    .output(answers(refundPageOutput))
    .query(({ ctx, input }) => listRefunds(ctx.db, input)),
  get: protectedProcedure
    .meta({
      permission: 'creditNotes.read',
      rest: { method: 'GET', path: '/api/refunds/{id}', summary: 'One refund' },
    })
    .input(idParam)
    .output(answers(refundOutput))
    .query(({ ctx, input }) => getRefund(ctx.db, input.id)),
  create: protectedProcedure
    .meta({
      permission: 'refunds.write',
      rest: {
        method: 'POST',
        path: '/api/refunds',
        summary: "Refund part of a payment's or credit note's unapplied rest",
        status: 201,
      },
    })
    .input(refundCreateSchema)
    .output(answers(refundOutput))
    .mutation(({ ctx, input }) => createRefund(ctx.db, input, ctx.user.id)),
});
