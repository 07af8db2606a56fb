import {
  creditNoteEmailSchema,
  emailDetailOutput,
  emailDraftOutput,
  emailListQuery,
  emailOutput,
  emailPreviewOutput,
  emailQueuedOutput,
  emailTemplateOutput,
  emailTemplateSchema,
  idParam,
  invoiceEmailSchema,
  lastFullMonth,
  orderEmailSchema,
  statementEmailSchema,
  statementQuery,
} from '@pharm/validators';
import { z } from 'zod';
import { SUPPLIER } from '../../lib/pdf/theme.js';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import {
  creditNoteEmailDraft,
  emailCreditNote,
  emailInvoice,
  emailOrder,
  emailStatement,
  getEmail,
  invoiceEmailDraft,
  listEmails,
  orderEmailDraft,
  retryEmail,
  statementEmailDraft,
} from './service.js';
import { listTemplates, previewTemplate, updateTemplate } from './templates.js';

const idempotencyKey = z
  .string()
  .trim()
  .min(1, 'Idempotency-Key must not be empty')
  .max(100, 'Idempotency-Key must be at most 100 characters')
  .optional();

export const emailsRouter = createTRPCRouter({
  list: protectedProcedure
    .meta({
      permission: 'emails.read',
      rest: {
        method: 'GET',
        path: '/api/emails',
        summary:
          'The outbox and sent log, newest first: each email with its status (queued, sending, sent, failed, held), tries and last error',
      },
    })
    .input(emailListQuery.prefault({}))
    .output(answers(z.array(emailOutput)))
    .query(({ ctx, input }) => listEmails(ctx.db, input, ctx.user)),
  get: protectedProcedure
    .meta({
      permission: 'emails.read',
      rest: { method: 'GET', path: '/api/emails/{id}', summary: 'One email with its bodies' },
    })
    .input(idParam)
    .output(answers(emailDetailOutput))
    .query(({ ctx, input }) => getEmail(ctx.db, input.id, ctx.user)),
  retry: protectedProcedure
    .meta({
      // Then the email's kind decides (service.ts): an order's is `emails.orders`, an
      // invitation's `users.manage`, the others `emails.invoices`.
      permission: 'emails.orders',
      rest: {
        method: 'POST',
        path: '/api/emails/{id}/retry',
        summary:
          'Send a held email, or retry a failed one, for who may send one of its kind (409 while no SMTP server is set up, or once it is sent)',
        status: 202,
      },
    })
    .input(idParam)
    .output(answers(emailQueuedOutput))
    .mutation(({ ctx, input }) => retryEmail(ctx.db, input.id, ctx.user)),
  sendInvoice: protectedProcedure
    .meta({
      permission: 'emails.invoices',
      rest: {
        method: 'POST',
        path: '/api/invoices/{id}/email',
        summary:
          "Email the invoice with its PDF: to the pharmacy's billing email (else its email) unless `to` is given; `message` goes into the template's text",
        status: 202,
        headers: { 'Idempotency-Key': 'idempotencyKey' },
      },
    })
    .input(idParam.extend({ data: invoiceEmailSchema.prefault({}), idempotencyKey }))
    .output(answers(emailQueuedOutput))
    .mutation(({ ctx, input }) =>
      emailInvoice(
        ctx.db,
        input.id,
        { ...input.data, idempotencyKey: input.idempotencyKey },
        ctx.user,
      ),
    ),
  sendOrder: protectedProcedure
    .meta({
      permission: 'emails.orders',
      rest: {
        method: 'POST',
        path: '/api/orders/{id}/email',
        summary:
          "Email the order with its PDF: to the pharmacy's email unless `to` is given; `message` goes into the template's text",
        status: 202,
        headers: { 'Idempotency-Key': 'idempotencyKey' },
      },
    })
    .input(idParam.extend({ data: orderEmailSchema.prefault({}), idempotencyKey }))
    .output(answers(emailQueuedOutput))
    .mutation(({ ctx, input }) =>
      emailOrder(
        ctx.db,
        input.id,
        { ...input.data, idempotencyKey: input.idempotencyKey },
        ctx.user,
      ),
    ),
  sendCreditNote: protectedProcedure
    .meta({
      permission: 'emails.invoices',
      rest: {
        method: 'POST',
        path: '/api/credit-notes/{id}/email',
        summary:
          "Email the credit note with its PDF: to the pharmacy's billing email (else its email) unless `to` is given; `message` goes into the template's text",
        status: 202,
        headers: { 'Idempotency-Key': 'idempotencyKey' },
      },
    })
    .input(idParam.extend({ data: creditNoteEmailSchema.prefault({}), idempotencyKey }))
    .output(answers(emailQueuedOutput))
    .mutation(({ ctx, input }) =>
      emailCreditNote(
        ctx.db,
        input.id,
        { ...input.data, idempotencyKey: input.idempotencyKey },
        ctx.user,
      ),
    ),
  sendStatement: protectedProcedure
    .meta({
      permission: 'emails.invoices',
      rest: {
        method: 'POST',
        path: '/api/pharmacies/{id}/statement/email',
        summary:
          "Email the pharmacy's statement of account for a period (`from`, `to`) with its PDF; `recipients` replaces the billing email",
        status: 202,
      },
    })
    .input(idParam.extend({ data: statementEmailSchema }))
    .output(answers(emailQueuedOutput))
    .mutation(({ ctx, input }) => emailStatement(ctx.db, input.id, input.data, ctx.user)),
  invoiceDraft: protectedProcedure
    .meta({ permission: 'emails.invoices' })
    .input(idParam)
    .output(answers(emailDraftOutput))
    .query(({ ctx, input }) => invoiceEmailDraft(ctx.db, input.id)),
  orderDraft: protectedProcedure
    .meta({ permission: 'emails.orders' })
    .input(idParam)
    .output(answers(emailDraftOutput))
    .query(({ ctx, input }) => orderEmailDraft(ctx.db, input.id)),
  creditNoteDraft: protectedProcedure
    .meta({ permission: 'emails.invoices' })
    .input(idParam)
    .output(answers(emailDraftOutput))
    .query(({ ctx, input }) => creditNoteEmailDraft(ctx.db, input.id)),
  statementDraft: protectedProcedure
    .meta({ permission: 'emails.invoices' })
    .input(statementQuery)
    .output(answers(emailDraftOutput))
    .query(({ ctx, input }) => {
      const period = input.from && input.to ? { from: input.from, to: input.to } : lastFullMonth();
      return statementEmailDraft(ctx.db, input.id, period);
    }),
  templates: protectedProcedure
    .meta({
      permission: 'settings.read',
      rest: {
        method: 'GET',
        path: '/api/email-templates',
        summary: 'The email templates: subject, text and HTML bodies with {placeholders}',
      },
    })
    .output(answers(z.array(emailTemplateOutput)))
    .query(({ ctx }) => listTemplates(ctx.db)),
  updateTemplate: protectedProcedure
    .meta({
      permission: 'emails.templates',
      rest: { method: 'PUT', path: '/api/email-templates/{id}', summary: 'Edit an email template' },
    })
    .input(idParam.extend({ data: emailTemplateSchema }))
    .output(answers(emailTemplateOutput))
    .mutation(({ ctx, input }) => updateTemplate(ctx.db, input.id, input.data, ctx.user.id)),
  previewTemplate: protectedProcedure
    .meta({ permission: 'settings.read' })
    .input(z.object({ kind: z.string().max(30), template: emailTemplateSchema }))
    .output(answers(emailPreviewOutput))
    .query(({ input }) => previewTemplate(input.kind, input.template, SUPPLIER.name)),
});
