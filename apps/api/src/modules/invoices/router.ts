import {
  deletedRecord,
  idParam,
  invoiceListQuery,
  invoiceOrderOptionsOutput,
  invoiceOutput,
  invoicePageOutput,
  invoiceSchema,
  invoiceUpdateSchema,
} from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import {
  createInvoice,
  deleteInvoice,
  getInvoice,
  invoiceOrderOptions,
  listInvoices,
  updateInvoice,
} from './service.js';

export const invoicesRouter = createTRPCRouter({
  list: protectedProcedure
    .input(invoiceListQuery.prefault({}))
    .output(answers(invoicePageOutput))
    .query(({ ctx, input }) => listInvoices(ctx.db, input)),
  get: protectedProcedure
    .input(idParam)
    .output(answers(invoiceOutput))
    .query(({ ctx, input }) => getInvoice(ctx.db, input.id)),
  orderOptions: protectedProcedure
    .output(answers(invoiceOrderOptionsOutput))
    .query(({ ctx }) => invoiceOrderOptions(ctx.db)),
  create: protectedProcedure
    .input(invoiceSchema)
    .output(answers(invoiceOutput))
    .mutation(({ ctx, input }) => createInvoice(ctx.db, input, ctx.user.id)),
  update: protectedProcedure
    .input(idParam.extend({ data: invoiceUpdateSchema }))
    .output(answers(invoiceOutput))
    .mutation(({ ctx, input }) => updateInvoice(ctx.db, input.id, input.data, ctx.user.id)),
  delete: protectedProcedure
    .input(idParam)
    .output(answers(deletedRecord))
    .mutation(({ ctx, input }) => deleteInvoice(ctx.db, input.id, ctx.user.id)),
});
