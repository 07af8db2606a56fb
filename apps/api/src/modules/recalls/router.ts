import {
  idParam,
  openRecallsOutput,
  recallCloseSchema,
  recallCreateSchema,
  recallEmailNoticesOutput,
  recallEmailNoticesSchema,
  recallListItemOutput,
  recallListQuery,
  recallNoticeUpdateSchema,
  recallRecordOutput,
} from '@pharm/validators';
import { z } from 'zod';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { emailNotices } from './emails.js';
import {
  closeRecall,
  getRecall,
  listRecalls,
  openRecall,
  openRecalls,
  recallLetterData,
  updateNotice,
} from './service.js';

const pharmacyId = idParam.shape.id;

export const recallsRouter = createTRPCRouter({
  list: protectedProcedure
    .meta({
      permission: 'recalls.read',
      rest: {
        method: 'GET',
        path: '/api/recalls',
        summary:
          'Recalls, newest first, each with its lot numbers and progress (`status=open|closed` narrows it)',
      },
    })
    .input(recallListQuery.prefault({}))
    .output(answers(z.array(recallListItemOutput)))
    .query(({ ctx, input }) => listRecalls(ctx.db, input)),
  get: protectedProcedure
    .meta({
      permission: 'recalls.read',
      rest: {
        method: 'GET',
        path: '/api/recalls/{id}',
        summary: "One recall: its lots, and each pharmacy's affected lines and notice",
      },
    })
    .input(idParam)
    .output(answers(recallRecordOutput))
    .query(({ ctx, input }) => getRecall(ctx.db, input.id)),
  create: protectedProcedure
    .meta({
      permission: 'recalls.write',
      rest: {
        method: 'POST',
        path: '/api/recalls',
        status: 201,
        summary:
          'Open a recall of lots (`lotIds`, `reason`, `class` I, II or III): the lots become recalled, and each pharmacy whose invoice lines carry them gets a notice to send',
      },
    })
    .input(recallCreateSchema)
    .output(answers(recallRecordOutput))
    .mutation(({ ctx, input }) => openRecall(ctx.db, input, ctx.user)),
  updateNotice: protectedProcedure
    .meta({
      permission: 'recalls.write',
      rest: {
        method: 'PUT',
        path: '/api/recalls/{id}/notices/{pharmacyId}',
        summary:
          "Move a pharmacy's notice one step forward: `notified` (`at`, `by`, `channel` email, phone or letter) then `acknowledged` (`at`, `contact` at the pharmacy, `quantityReturned`); 409 for any other move",
      },
    })
    .input(idParam.extend({ pharmacyId, data: recallNoticeUpdateSchema }))
    .output(answers(recallRecordOutput))
    .mutation(({ ctx, input }) =>
      updateNotice(ctx.db, input.id, input.pharmacyId, input.data, ctx.user),
    ),
  emailNotices: protectedProcedure
    .meta({
      permission: 'recalls.write',
      rest: {
        method: 'POST',
        path: '/api/recalls/{id}/email-notices',
        summary:
          'Email each pharmacy whose notice is still to notify (or those of `pharmacyIds`) its recall letter, through the outbox; the notice becomes notified (channel email) when the SMTP server accepts the mail. Answers the emails queued and the pharmacies skipped, with why',
      },
    })
    .input(idParam.extend({ data: recallEmailNoticesSchema.prefault({}) }))
    .output(answers(recallEmailNoticesOutput))
    .mutation(({ ctx, input }) => emailNotices(ctx.db, input.id, input.data, ctx.user)),
  close: protectedProcedure
    .meta({
      permission: 'recalls.write',
      rest: {
        method: 'POST',
        path: '/api/recalls/{id}/close',
        summary:
          'Close the recall: at once when every pharmacy has acknowledged, otherwise only with a `reason` (409 without)',
      },
    })
    .input(idParam.extend({ data: recallCloseSchema }))
    .output(answers(recallRecordOutput))
    .mutation(({ ctx, input }) => closeRecall(ctx.db, input.id, input.data.reason, ctx.user.id)),
  open: protectedProcedure
    .meta({ permission: 'recalls.read' })
    .output(answers(openRecallsOutput))
    .query(({ ctx }) => openRecalls(ctx.db)),
  /** A pharmacy's part of the recall for its letter (files.ts renders it). */
  letter: protectedProcedure
    .meta({ permission: 'recalls.read' })
    .input(idParam.extend({ pharmacyId }))
    .output(answers(z.custom<Awaited<ReturnType<typeof recallLetterData>>>()))
    .query(({ ctx, input }) => recallLetterData(ctx.db, input.id, input.pharmacyId)),
});
