import { z } from 'zod';
import {
  calendarDate,
  isoDate,
  listQuery,
  optionalText,
  recordId,
  requiredText,
  timestamp,
} from './common.js';

import { LOT_STATUSES } from './lot-statuses.js';

export * from './lot-statuses.js';

/** The business's minimum shelf life on a fresh database (decisions.md §11). */
export const DEFAULT_MIN_SHELF_LIFE_DAYS = 180;

/** The certificate of analysis kept: a PDF of at most 5 MiB once decoded. */
export const LOT_CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;

const lotStatusField = z.enum(LOT_STATUSES, {
  error: `Status must be one of ${LOT_STATUSES.join(', ')}`,
});

const optionalDate = (label: string) =>
  z
    .preprocess(
      (value) => (value === '' ? null : value),
      isoDate(`${label} is required`, label).nullish(),
    )
    .transform((value) => value ?? null);

const optionalId = (label: string) =>
  z
    .number({ error: `${label} must be a positive integer` })
    .int(`${label} must be a positive integer`)
    .min(1, `${label} must be a positive integer`)
    .max(2_147_483_647, `${label} must be a positive integer`)
    .nullish()
    .transform((value) => value ?? null);

/** The fields a lot's form edits (POST /api/lots takes these and its variant or product). */
const lotFields = {
  lotNumber: requiredText(100, 'Lot number is required', 'Lot number'),
  expiryDate: isoDate('Expiry date is required', 'Expiry date'),
  manufacturedOn: optionalDate('Manufacture date'),
  supplier: optionalText(200, 'Supplier'),
  notes: optionalText(5000, 'Notes'),
};

const datesInOrder = (
  lot: { expiryDate?: string; manufacturedOn?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (lot.manufacturedOn && lot.expiryDate && lot.expiryDate < lot.manufacturedOn) {
    ctx.addIssue({
      code: 'custom',
      path: ['expiryDate'],
      message: 'Expiry date must not be before the manufacture date',
    });
  }
};

/** POST /api/lots: a variant's lot, or a product's when the product has no variants. */
export const lotSchema = z
  .object({
    variantId: optionalId('variantId'),
    productId: optionalId('productId'),
    ...lotFields,
    status: lotStatusField.default('released'),
  })
  .superRefine((lot, ctx) => {
    if ((lot.variantId === null) === (lot.productId === null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['variantId'],
        message: 'A lot belongs to a variant or, for a product without variants, to the product',
      });
    }
    datesInOrder(lot, ctx);
  });
export type LotInput = z.input<typeof lotSchema>;
export type LotData = z.output<typeof lotSchema>;

/**
 * PUT /api/lots/{id}: the fields to change, and a status change with its reason (which the
 * history keeps). A status change without a reason is refused.
 */
export const lotUpdateSchema = z
  .object({
    lotNumber: lotFields.lotNumber.optional(),
    expiryDate: lotFields.expiryDate.optional(),
    manufacturedOn: lotFields.manufacturedOn.optional(),
    supplier: lotFields.supplier.optional(),
    notes: lotFields.notes.optional(),
    status: lotStatusField.optional(),
    reason: optionalText(1000, 'Reason'),
  })
  .superRefine(datesInOrder);
export type LotUpdateData = z.output<typeof lotUpdateSchema>;

const lotFilters = {
  variantId: optionalId('variantId').optional(),
  productId: optionalId('productId').optional(),
  /** The lots of the variant with this SKU, or of the product with it when it has no variants. */
  sku: z.string().trim().min(1).max(100, 'SKU must be at most 100 characters').optional(),
  status: lotStatusField.optional(),
  /** Those expiring within this many days of today (expired ones included). */
  expiringWithin: z
    .number({ error: 'expiringWithin must be a whole number of days' })
    .int('expiringWithin must be a whole number of days')
    .min(0, 'expiringWithin must be a whole number of days')
    .max(36_500, 'expiringWithin must be at most 36500')
    .optional(),
  /** The pharmacy whose minimum shelf life marks `insideShelfLife` (else the business's). */
  pharmacyId: optionalId('pharmacyId').optional(),
};

/**
 * GET /api/lots: earliest expiry first, then lot number (the picker's FEFO order), paged like
 * the other lists (`limit`, and the `cursor` a page answers: an opaque text holding the last
 * row's expiry date, lot number and id, which the service reads back).
 */
export const lotListQuery = listQuery.extend({
  cursor: z
    .string()
    .regex(/^[\w-]{1,400}$/, 'cursor must be one the list answered')
    .nullish(),
  ...lotFilters,
});
export type LotListQuery = z.output<typeof lotListQuery>;

/** The filters of the lots list that its CSV export takes (every page, in the list's order). */
export const lotExportQuery = z.object(lotFilters).omit({ pharmacyId: true }).extend({
  q: listQuery.shape.q,
});

/**
 * A line's lot picker: the released, unexpired lots of the line's variant (or of its product,
 * sold without variants), earliest expiry first, and the lot the line already has (`lotId`)
 * whatever it has become, so the picker can name it and say why it is not offered.
 */
export const lotOptionsQuery = z.object({
  sku: z.string().trim().min(1).max(100, 'SKU must be at most 100 characters'),
  pharmacyId: optionalId('pharmacyId').optional(),
  lotId: optionalId('lotId').optional(),
});
export type LotOptionsQuery = z.output<typeof lotOptionsQuery>;

/** POST /api/lots/{id}/certificate: the certificate of analysis as base64 in JSON. */
export const lotCertificateSchema = z.object({
  fileName: optionalText(255, 'File name'),
  contentBase64: z
    .string({ error: 'The certificate is required' })
    .min(1, 'The certificate is required')
    .max(Math.ceil(LOT_CERTIFICATE_MAX_BYTES / 3) * 4 + 4, 'The certificate must be at most 5 MiB')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The certificate must be base64'),
});

export const lotOutput = z.object({
  id: recordId,
  variantId: recordId.nullable(),
  /** The product: the lot's own, or its variant's. */
  productId: recordId,
  lotNumber: z.string(),
  expiryDate: calendarDate,
  status: z.enum(LOT_STATUSES),
  /** The expiry date is before today (the day of the request). */
  expired: z.boolean(),
  /** Whether a certificate of analysis is attached. */
  certificate: z.boolean(),
  /** Expires within the minimum shelf life from today (the pharmacy's when asked, else the business's). */
  insideShelfLife: z.boolean(),
  manufacturedOn: calendarDate.nullable(),
  supplier: z.string().nullable(),
  notes: z.string().nullable(),
  certificateName: z.string().nullable(),
  productSku: z.string(),
  productName: z.string(),
  variantSku: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type LotOutput = z.output<typeof lotOutput>;

/** A page of the lots list; `nextCursor` is null on the last page. */
export const lotPageOutput = z.object({
  items: z.array(lotOutput),
  nextCursor: z.string().nullable(),
});

/**
 * A lot the picker shows: `unavailable` says why a lot the line already has is not offered
 * ('recalled', 'on hold', 'quarantined', 'expired'), null for those offered.
 */
export const lotOptionOutput = z.object({
  id: recordId,
  lotNumber: z.string(),
  expiryDate: calendarDate,
  insideShelfLife: z.boolean(),
  unavailable: z.string().nullable(),
});
export type LotOption = z.output<typeof lotOptionOutput>;

/** A line's lot as order and invoice lines carry it. */
export const lineLotOutput = z
  .object({ id: recordId, lotNumber: z.string(), expiryDate: calendarDate })
  .nullable();
export type LineLot = z.output<typeof lineLotOutput>;

/** GET /api/lots/{id}/usage: the lines that carry the lot, with their documents and pharmacies. */
export const lotUsageOutput = z.object({
  orders: z.array(
    z.object({
      orderId: recordId,
      orderNumber: z.string(),
      orderDate: calendarDate,
      status: z.string(),
      pharmacyId: recordId,
      pharmacyName: z.string(),
      qty: z.number(),
    }),
  ),
  invoices: z.array(
    z.object({
      invoiceId: recordId,
      invoiceNumber: z.string(),
      invoiceDate: calendarDate,
      status: z.string(),
      pharmacyId: recordId,
      pharmacyName: z.string(),
      qty: z.number(),
    }),
  ),
  pharmacies: z.array(
    z.object({ pharmacyId: recordId, pharmacyName: z.string(), qtyInvoiced: z.number() }),
  ),
});
export type LotUsage = z.output<typeof lotUsageOutput>;

const shelfLifeDays = z
  .number({ error: 'Minimum shelf life must be a whole number of days' })
  .int('Minimum shelf life must be a whole number of days')
  .min(0, 'Minimum shelf life must be at least 0 days')
  .max(3650, 'Minimum shelf life must be at most 3650 days');

/** GET/PUT /api/lot-settings: the days a lot must have left on the day it ships. */
export const lotSettingsSchema = z.object({ minShelfLifeDays: shelfLifeDays });
export type LotSettings = z.output<typeof lotSettingsSchema>;

/** PUT /api/pharmacies/{id}/shelf-life: the pharmacy's own minimum; null: the business's. */
export const pharmacyShelfLifeSchema = z.object({
  minShelfLifeDays: shelfLifeDays.nullable(),
});
export const pharmacyShelfLifeOutput = z.object({
  pharmacyId: recordId,
  /** The pharmacy's own minimum, or null when it follows the business's. */
  minShelfLifeDays: z.number().nullable(),
  /** What applies to it. */
  effectiveDays: z.number(),
});
