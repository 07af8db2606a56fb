import {
  idParam,
  lotCertificateSchema,
  lotSettingsSchema,
  pharmacyShelfLifeOutput,
  pharmacyShelfLifeSchema,
  lotListQuery,
  lotOptionOutput,
  lotOptionsQuery,
  lotOutput,
  lotPageOutput,
  lotSchema,
  lotUpdateSchema,
  lotUsageOutput,
} from '@pharm/validators';
import { z } from 'zod';
import { answers, createTRPCRouter, protectedProcedure } from '../../trpc.js';
import { DOCUMENT_BODY_LIMIT } from '../../lib/http/request-guard.js';
import {
  attachCertificate,
  createLot,
  getLot,
  listLots,
  lotOptions,
  lotCertificate,
  lotSettings,
  lotUsage,
  pharmacyShelfLife,
  setPharmacyShelfLife,
  updateLot,
  updateLotSettings,
} from './service.js';

export const lotsRouter = createTRPCRouter({
  list: protectedProcedure
    .meta({
      permission: 'products.read',
      rest: {
        method: 'GET',
        path: '/api/lots',
        summary:
          'Lots, earliest expiry first then lot number (FEFO), a page at a time; `variantId`, `productId`, `status`, `expiringWithin` (days, expired included) narrow it; `pharmacyId` picks whose minimum shelf life marks `insideShelfLife`',
        paged: true,
      },
    })
    .input(lotListQuery.prefault({}))
    .output(answers(lotPageOutput))
    .query(({ ctx, input }) => listLots(ctx.db, input)),
  /** A line's lot picker (LotPicker): its variant's lots on offer, FEFO, and the line's own. */
  options: protectedProcedure
    .meta({ permission: 'products.read' })
    .input(lotOptionsQuery)
    .output(answers(z.array(lotOptionOutput)))
    .query(({ ctx, input }) => lotOptions(ctx.db, input)),
  get: protectedProcedure
    .meta({
      permission: 'products.read',
      rest: { method: 'GET', path: '/api/lots/{id}', summary: 'One lot' },
    })
    .input(idParam)
    .output(answers(lotOutput))
    .query(({ ctx, input }) => getLot(ctx.db, input.id)),
  create: protectedProcedure
    .meta({
      permission: 'lots.write',
      rest: {
        method: 'POST',
        path: '/api/lots',
        summary:
          'Receive a lot of a variant (`variantId`), or of a product without variants (`productId`); status `released` unless given',
        status: 201,
      },
    })
    .input(lotSchema)
    .output(answers(lotOutput))
    .mutation(({ ctx, input }) => createLot(ctx.db, input, ctx.user.id)),
  update: protectedProcedure
    .meta({
      permission: 'lots.write',
      rest: {
        method: 'PUT',
        path: '/api/lots/{id}',
        summary:
          'Edit a lot: the fields given change; a `status` change needs a `reason`, which the history keeps',
      },
    })
    .input(idParam.extend({ data: lotUpdateSchema }))
    .output(answers(lotOutput))
    .mutation(({ ctx, input }) => updateLot(ctx.db, input.id, input.data, ctx.user.id)),
  uploadCertificate: protectedProcedure
    .meta({
      permission: 'lots.write',
      rest: {
        method: 'POST',
        path: '/api/lots/{id}/certificate',
        bodyLimit: DOCUMENT_BODY_LIMIT,
        summary:
          'Attach the certificate of analysis: `{ fileName, contentBase64 }`, a PDF of at most 5 MiB; replaces any',
      },
    })
    .input(idParam.extend({ data: lotCertificateSchema }))
    .output(answers(lotOutput))
    .mutation(({ ctx, input }) => attachCertificate(ctx.db, input.id, input.data, ctx.user.id)),
  usage: protectedProcedure
    .meta({
      permission: 'products.read',
      rest: {
        method: 'GET',
        path: '/api/lots/{id}/usage',
        summary:
          'Where the lot went: the orders and invoices with a line of it, and the pharmacies',
      },
    })
    .input(idParam)
    .output(answers(lotUsageOutput))
    .query(({ ctx, input }) => lotUsage(ctx.db, input.id)),
  settings: protectedProcedure
    .meta({
      permission: 'settings.read',
      rest: {
        method: 'GET',
        path: '/api/lot-settings',
        summary: 'The minimum shelf life (days) a lot must have left on the day it ships',
      },
    })
    .output(answers(lotSettingsSchema))
    .query(({ ctx }) => lotSettings(ctx.db)),
  updateSettings: protectedProcedure
    .meta({
      permission: 'settings.write',
      rest: {
        method: 'PUT',
        path: '/api/lot-settings',
        summary: 'Change the minimum shelf life (days); a pharmacy may have its own',
      },
    })
    .input(z.object({ data: lotSettingsSchema }))
    .output(answers(lotSettingsSchema))
    .mutation(({ ctx, input }) => updateLotSettings(ctx.db, input.data, ctx.user.id)),
  pharmacyShelfLife: protectedProcedure
    .meta({
      permission: 'pharmacies.read',
      rest: {
        method: 'GET',
        path: '/api/pharmacies/{id}/shelf-life',
        summary: "The pharmacy's own minimum shelf life (null: the business's) and what applies",
      },
    })
    .input(idParam)
    .output(answers(pharmacyShelfLifeOutput))
    .query(({ ctx, input }) => pharmacyShelfLife(ctx.db, input.id)),
  setPharmacyShelfLife: protectedProcedure
    .meta({
      permission: 'lots.write',
      rest: {
        method: 'PUT',
        path: '/api/pharmacies/{id}/shelf-life',
        summary: "Set the pharmacy's own minimum shelf life in days, or null for the business's",
      },
    })
    .input(idParam.extend({ data: pharmacyShelfLifeSchema }))
    .output(answers(pharmacyShelfLifeOutput))
    .mutation(({ ctx, input }) =>
      setPharmacyShelfLife(ctx.db, input.id, input.data.minShelfLifeDays, ctx.user.id),
    ),
  /** The certificate for its file route (files.ts), which answers the bytes. */
  certificate: protectedProcedure
    .meta({ permission: 'products.read' })
    .input(idParam)
    .output(answers(z.object({ filename: z.string(), contentBase64: z.string() })))
    .query(async ({ ctx, input }) => {
      const { bytes, filename } = await lotCertificate(ctx.db, input.id);
      return { filename, contentBase64: bytes.toString('base64') };
    }),
});
