import {
  deletedRecord,
  idParam,
  paymentCreateSchema,
  paymentInvoiceOptionsOutput,
  paymentListQuery,
  paymentOutput,
  paymentPageOutput,
  paymentSchema,
} from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import {
  createPayment,
  deletePayment,
  getPayment,
  paymentInvoiceOptions,
  listPayments,
  updatePayment,
} from './service.js';

export const paymentsRouter = createTRPCRouter({
  list: protectedProcedure
    .input(paymentListQuery.prefault({}))
    .output(answers(paymentPageOutput))
    .query(({ ctx, input }) => listPayments(ctx.db, input)),
  get: protectedProcedure
    .input(idParam)
    .output(answers(paymentOutput))
    .query(({ ctx, input }) => getPayment(ctx.db, input.id)),
  invoiceOptions: protectedProcedure
    .output(answers(paymentInvoiceOptionsOutput))
    .query(({ ctx }) => paymentInvoiceOptions(ctx.db)),
  create: protectedProcedure
    .input(paymentCreateSchema)
    .output(answers(paymentOutput))
    .mutation(({ ctx, input }) => createPayment(ctx.db, input, ctx.user.id)),
  update: protectedProcedure
    .input(idParam.extend({ data: paymentSchema }))
    .output(answers(paymentOutput))
    .mutation(({ ctx, input }) => updatePayment(ctx.db, input.id, input.data, ctx.user.id)),
  delete: protectedProcedure
    .input(idParam)
    .output(answers(deletedRecord))
    .mutation(({ ctx, input }) => deletePayment(ctx.db, input.id, ctx.user.id)),
});
