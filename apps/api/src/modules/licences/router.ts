import {
  deletedRecord,
  idParam,
  licenceDocumentSchema,
  licenceIssuesOutput,
  licenceOutput,
  licenceSchema,
  licenceWarningOutput,
} from '@pharm/validators';
import { z } from 'zod';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { DOCUMENT_BODY_LIMIT } from '../../lib/http/request-guard.js';
import {
  attachDocument,
  createLicence,
  deleteLicence,
  getLicence,
  licenceDocument,
  licenceIssues,
  licenceWarning,
  licencesOfPharmacies,
  pharmacyLicences,
  updateLicence,
} from './service.js';

export const licencesRouter = createTRPCRouter({
  list: protectedProcedure
    .meta({
      permission: 'pharmacies.read',
      rest: {
        method: 'GET',
        path: '/api/pharmacies/{id}/licences',
        summary: "A pharmacy's licences and registrations, each with its status today",
      },
    })
    .input(idParam)
    .output(answers(z.array(licenceOutput)))
    .query(({ ctx, input }) => pharmacyLicences(ctx.db, input.id)),
  get: protectedProcedure
    .meta({
      permission: 'pharmacies.read',
      rest: { method: 'GET', path: '/api/licences/{id}', summary: 'One licence' },
    })
    .input(idParam)
    .output(answers(licenceOutput))
    .query(({ ctx, input }) => getLicence(ctx.db, input.id)),
  create: protectedProcedure
    .meta({
      permission: 'licences.write',
      rest: {
        method: 'POST',
        path: '/api/pharmacies/{id}/licences',
        summary: 'Add a licence to a pharmacy (`verified: true` marks it verified by you)',
        status: 201,
      },
    })
    .input(idParam.extend({ data: licenceSchema }))
    .output(answers(licenceOutput))
    .mutation(({ ctx, input }) => createLicence(ctx.db, input.id, input.data, ctx.user.id)),
  update: protectedProcedure
    .meta({
      permission: 'licences.write',
      rest: {
        method: 'PUT',
        path: '/api/licences/{id}',
        summary: 'Edit a licence (`verified: false` clears its verification)',
      },
    })
    .input(idParam.extend({ data: licenceSchema }))
    .output(answers(licenceOutput))
    .mutation(({ ctx, input }) => updateLicence(ctx.db, input.id, input.data, ctx.user.id)),
  delete: protectedProcedure
    .meta({
      permission: 'licences.write',
      rest: { method: 'DELETE', path: '/api/licences/{id}', summary: 'Delete a licence' },
    })
    .input(idParam)
    .output(answers(deletedRecord))
    .mutation(({ ctx, input }) => deleteLicence(ctx.db, input.id, ctx.user.id)),
  uploadDocument: protectedProcedure
    .meta({
      permission: 'licences.write',
      rest: {
        method: 'POST',
        path: '/api/licences/{id}/document',
        bodyLimit: DOCUMENT_BODY_LIMIT,
        summary:
          'Attach the scanned licence: `{ fileName, contentBase64 }`, a PDF, PNG or JPEG (read from its bytes); replaces any document',
      },
    })
    .input(idParam.extend({ data: licenceDocumentSchema }))
    .output(answers(licenceOutput))
    .mutation(({ ctx, input }) => attachDocument(ctx.db, input.id, input.data, ctx.user.id)),
  issues: protectedProcedure
    .meta({
      permission: 'pharmacies.read',
      rest: {
        method: 'GET',
        path: '/api/licences/issues',
        summary:
          'Pharmacies with licence problems: expired, expiring within the warning days, missing for the shipping state, no expiry date',
      },
    })
    .output(answers(licenceIssuesOutput))
    .query(({ ctx }) => licenceIssues(ctx.db)),
  /** The document for its file route (files.ts), which answers the bytes. */
  document: protectedProcedure
    .meta({ permission: 'pharmacies.read' })
    .input(idParam)
    .output(
      answers(z.object({ filename: z.string(), type: z.string(), contentBase64: z.string() })),
    )
    .query(async ({ ctx, input }) => {
      const { bytes, type, filename } = await licenceDocument(ctx.db, input.id);
      return { filename, type, contentBase64: bytes.toString('base64') };
    }),
  /** The licences of a page of pharmacies, for the pharmacies CSV export (files.ts). */
  ofPharmacies: protectedProcedure
    .meta({ permission: 'pharmacies.read' })
    .input(z.object({ pharmacyIds: z.array(idParam.shape.id).max(1000) }))
    .output(answers(z.array(licenceOutput)))
    .query(({ ctx, input }) => licencesOfPharmacies(ctx.db, input.pharmacyIds)),
  warning: protectedProcedure
    .meta({ permission: 'pharmacies.read' })
    .input(z.object({ pharmacyId: idParam.shape.id }))
    .output(answers(licenceWarningOutput))
    .query(({ ctx, input }) => licenceWarning(ctx.db, input.pharmacyId)),
});
