import {
  allocationOutput,
  allocationVoidSchema,
  appliedOutput,
  applyConfirmSchema,
  applyProposalOutput,
  applyProposalQuery,
  idParam,
} from '@pharm/validators';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import {
  allocationsOfInvoice,
  applyConfirmed,
  getAllocation,
  proposeApply,
  voidOne,
} from './service.js';

export const allocationsRouter = createTRPCRouter({
  get: protectedProcedure
    .meta({
      permission: 'payments.read',
      rest: { method: 'GET', path: '/api/allocations/{id}', summary: 'One allocation' },
    })
    .input(idParam)
    .output(answers(allocationOutput))
    .query(({ ctx, input }) => getAllocation(ctx.db, input.id)),
  ofInvoice: protectedProcedure
    .meta({
      permission: 'payments.read',
      rest: {
        method: 'GET',
        path: '/api/invoices/{id}/allocations',
        summary:
          "The payments' and credit notes' allocations to an invoice, voided ones too, oldest first",
      },
    })
    .input(idParam)
    .output(answers(appliedOutput))
    .query(async ({ ctx, input }) => ({
      allocations: await allocationsOfInvoice(ctx.db, input.id),
    })),
  void: protectedProcedure
    .meta({
      permission: 'allocations.write',
      rest: {
        method: 'POST',
        path: '/api/allocations/{id}/void',
        summary:
          'Void an allocation: its amount goes back to its payment or credit note and the invoice owes it again',
      },
    })
    .input(idParam.extend({ data: allocationVoidSchema }))
    .output(answers(allocationOutput))
    .mutation(({ ctx, input }) => voidOne(ctx.db, input.id, input.data, ctx.user.id)),
  propose: protectedProcedure
    .meta({
      permission: 'allocations.write',
      rest: {
        method: 'GET',
        path: '/api/pharmacies/{id}/apply-proposal',
        summary:
          "A pharmacy's unapplied cash and credits against its open invoices, oldest first (nothing is written)",
      },
    })
    .input(applyProposalQuery)
    .output(answers(applyProposalOutput))
    .query(({ ctx, input }) =>
      proposeApply(ctx.db, input.id, input.invoiceId ? [input.invoiceId] : undefined),
    ),
  confirm: protectedProcedure
    .meta({
      permission: 'allocations.write',
      rest: {
        method: 'POST',
        path: '/api/allocations',
        summary:
          'Apply confirmed amounts from payments and credit notes to invoices, all or nothing',
        status: 201,
      },
    })
    .input(applyConfirmSchema)
    .output(answers(appliedOutput))
    .mutation(async ({ ctx, input }) => ({
      allocations: await applyConfirmed(ctx.db, input, ctx.user.id),
    })),
});
