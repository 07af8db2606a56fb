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
    .meta({
      permission: 'invoices.read',
      rest: {
        method: 'GET',
        path: '/api/invoices',
        summary: 'The invoices with their pharmacy and line items, newest first',
        paged: true,
      },
    })
    .input(invoiceListQuery.prefault({}))
    .output(answers(invoicePageOutput))
    .query(({ ctx, input }) => listInvoices(ctx.db, input)),
  get: protectedProcedure
    .meta({
      permission: 'invoices.read',
      rest: { method: 'GET', path: '/api/invoices/{id}', summary: 'One invoice' },
    })
    .input(idParam)
    .output(answers(invoiceOutput))
    .query(({ ctx, input }) => getInvoice(ctx.db, input.id)),
  orderOptions: protectedProcedure
    .meta({ permission: 'invoices.write' })
    .output(answers(invoiceOrderOptionsOutput))
    .query(({ ctx }) => invoiceOrderOptions(ctx.db)),
  create: protectedProcedure
    .meta({
      permission: 'invoices.write',
      rest: {
        method: 'POST',
        path: '/api/invoices',
        summary: 'Create an invoice, from an order or not',
        status: 201,
      },
    })
    .input(invoiceSchema)
    .output(answers(invoiceOutput))
    .mutation(({ ctx, input }) => createInvoice(ctx.db, input, ctx.user.id)),
  update: protectedProcedure
    .meta({
      permission: 'invoices.write',
      rest: {
        method: 'PUT',
        path: '/api/invoices/{id}',
        summary: 'Edit an invoice, or change only its status (`{ status }`: issue, Mark Paid)',
      },
    })
    .input(idParam.extend({ data: invoiceUpdateSchema }))
    .output(answers(invoiceOutput))
    .mutation(({ ctx, input }) => updateInvoice(ctx.db, input.id, input.data, ctx.user.id)),
  delete: protectedProcedure
    .meta({
      permission: 'invoices.write',
      rest: {
        method: 'DELETE',
        path: '/api/invoices/{id}',
        summary: 'Delete an invoice with its payments',
      },
    })
    .input(idParam)
    .output(answers(deletedRecord))
    .mutation(({ ctx, input }) => deleteInvoice(ctx.db, input.id, ctx.user)),
});
