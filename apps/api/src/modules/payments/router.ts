import {
  allocationInput,
  allocationOutput,
  deletedRecord,
  idParam,
  paymentCreateSchema,
  paymentInvoiceOptionsOutput,
  paymentListQuery,
  paymentOutput,
  paymentPageOutput,
  paymentUpdateSchema,
} from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import {
  createPayment,
  deletePayment,
  getPayment,
  paymentInvoiceOptions,
  paymentSnapshot,
  listPayments,
  updatePayment,
} from './service.js';
import { allocateFrom } from '../allocations/service.js';

export const paymentsRouter = createTRPCRouter({
  list: protectedProcedure
    .meta({
      permission: 'payments.read',
      rest: {
        method: 'GET',
        path: '/api/payments',
        summary: 'The payments with their allocations and pharmacy, newest first',
        paged: true,
      },
    })
    .input(paymentListQuery.prefault({}))
    .output(answers(paymentPageOutput))
    .query(({ ctx, input }) => listPayments(ctx.db, input)),
  get: protectedProcedure
    .meta({
      permission: 'payments.read',
      rest: { method: 'GET', path: '/api/payments/{id}', summary: 'One payment' },
    })
    .input(idParam)
    .output(answers(paymentOutput))
    .query(({ ctx, input }) => getPayment(ctx.db, input.id)),
  invoiceOptions: protectedProcedure
    .meta({ permission: 'payments.write' })
    .output(answers(paymentInvoiceOptionsOutput))
    .query(({ ctx }) => paymentInvoiceOptions(ctx.db)),
  create: protectedProcedure
    .meta({
      permission: 'payments.write',
      rest: {
        method: 'POST',
        path: '/api/payments',
        summary:
          'Record a payment: against one invoice (`invoiceId`), or for a pharmacy with `allocations` and the rest unapplied; a retry with the same Idempotency-Key answers the first',
        status: 201,
        headers: { 'Idempotency-Key': 'idempotencyKey' },
        errors: [422],
      },
    })
    .input(paymentCreateSchema)
    .output(answers(paymentOutput))
    .mutation(({ ctx, input }) => createPayment(ctx.db, input, ctx.user.id)),
  update: protectedProcedure
    .meta({
      permission: 'payments.write',
      rest: { method: 'PUT', path: '/api/payments/{id}', summary: 'Edit a payment' },
    })
    .input(idParam.extend({ data: paymentUpdateSchema }))
    .output(answers(paymentOutput))
    .mutation(({ ctx, input }) => updatePayment(ctx.db, input.id, input.data, ctx.user.id)),
  delete: protectedProcedure
    .meta({
      permission: 'payments.write',
      rest: { method: 'DELETE', path: '/api/payments/{id}', summary: 'Delete a payment' },
    })
    .input(idParam)
    .output(answers(deletedRecord))
    .mutation(({ ctx, input }) => deletePayment(ctx.db, input.id, ctx.user.id)),
  allocate: protectedProcedure
    .meta({
      permission: 'allocations.write',
      rest: {
        method: 'POST',
        path: '/api/payments/{id}/allocations',
        summary: "Apply part of a payment's unapplied rest to one of its pharmacy's invoices",
        status: 201,
      },
    })
    .input(idParam.extend({ data: allocationInput }))
    .output(answers(allocationOutput))
    .mutation(({ ctx, input }) =>
      allocateFrom(
        ctx.db,
        { kind: 'payment', id: input.id },
        input.data,
        ctx.user.id,
        async (trx, id) => paymentSnapshot(await getPayment(trx, id)),
      ),
    ),
});
