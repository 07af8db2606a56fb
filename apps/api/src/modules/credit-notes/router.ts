import {
  allocationInput,
  allocationOutput,
  creditableLinesOutput,
  creditNoteCreateSchema,
  creditNoteListQuery,
  creditNoteOutput,
  creditNotePageOutput,
  idParam,
} from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import {
  creditableLines,
  createCreditNote,
  creditNoteSnapshot,
  getCreditNote,
  listCreditNotes,
} from './service.js';
import { allocateFrom } from '../allocations/service.js';

export const creditNotesRouter = createTRPCRouter({
  list: protectedProcedure
    .meta({
      permission: 'creditNotes.read',
      rest: {
        method: 'GET',
        path: '/api/credit-notes',
        summary: 'Credit notes, newest first; by pharmacy, invoice, or only those with a rest',
        paged: true,
      },
    })
    .input(creditNoteListQuery.prefault({}))
    .output(answers(creditNotePageOutput))
    .query(({ ctx, input }) => listCreditNotes(ctx.db, input)),
  get: protectedProcedure
    .meta({
      permission: 'creditNotes.read',
      rest: {
        method: 'GET',
        path: '/api/credit-notes/{id}',
        summary: 'One credit note with its lines, allocations and refunds',
      },
    })
    .input(idParam)
    .output(answers(creditNoteOutput))
    .query(({ ctx, input }) => getCreditNote(ctx.db, input.id)),
  creditableLines: protectedProcedure
    .meta({
      permission: 'creditNotes.write',
      rest: {
        method: 'GET',
        path: '/api/invoices/{id}/creditable-lines',
        summary: "An invoice's lines with what is left of each to credit",
      },
    })
    .input(idParam)
    .output(answers(creditableLinesOutput))
    .query(({ ctx, input }) => creditableLines(ctx.db, input.id)),
  create: protectedProcedure
    .meta({
      permission: 'creditNotes.write',
      rest: {
        method: 'POST',
        path: '/api/credit-notes',
        summary:
          "Issue a credit note: an invoice's returned lines or a free amount, tax at the invoice's rate",
        status: 201,
      },
    })
    .input(creditNoteCreateSchema)
    .output(answers(creditNoteOutput))
    .mutation(({ ctx, input }) => createCreditNote(ctx.db, input, ctx.user.id)),
  allocate: protectedProcedure
    .meta({
      permission: 'allocations.write',
      rest: {
        method: 'POST',
        path: '/api/credit-notes/{id}/allocations',
        summary: "Apply part of a credit note's unapplied rest to one of its pharmacy's invoices",
        status: 201,
      },
    })
    .input(idParam.extend({ data: allocationInput }))
    .output(answers(allocationOutput))
    .mutation(({ ctx, input }) =>
      allocateFrom(
        ctx.db,
        { kind: 'creditNote', id: input.id },
        input.data,
        ctx.user.id,
        async (trx, id) => creditNoteSnapshot(await getCreditNote(trx, id)),
      ),
    ),
});
