import { z } from 'zod';
import {
  calendarDate,
  count,
  entityId,
  optionalText,
  recordId,
  requiredText,
  timestamp,
} from './common.js';
import { EMAIL_STATUSES } from './email-labels.js';
import { LOT_STATUSES } from './lot-statuses.js';
import {
  RECALL_CLASSES,
  RECALL_MAX_LOTS,
  RECALL_NOTICE_CHANNELS,
  RECALL_NOTICE_STATUSES,
} from './recall-labels.js';

/** POST /api/recalls. */
export const recallCreateSchema = z.object({
  lotIds: z
    .array(entityId('Each lot id must be a positive integer'), {
      error: 'Choose at least one lot',
    })
    .min(1, 'Choose at least one lot')
    .max(RECALL_MAX_LOTS, `A recall takes at most ${RECALL_MAX_LOTS} lots`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each lot may be named once'),
  reason: requiredText(2000, 'Reason is required', 'Reason'),
  class: z.enum(RECALL_CLASSES, { error: 'Class must be one of I, II, III' }),
});
export type RecallCreateInput = z.input<typeof recallCreateSchema>;
export type RecallCreateData = z.output<typeof recallCreateSchema>;

/** GET /api/recalls: newest first; `status` keeps the open or the closed ones. */
export const recallListQuery = z.object({
  status: z.enum(['open', 'closed'], { error: 'Status must be open or closed' }).optional(),
});
export type RecallListQuery = z.output<typeof recallListQuery>;

/** A moment: an ISO timestamp with its offset, or a calendar date (taken as noon UTC). */
const moment = z
  .string({ error: 'When must be a date or a timestamp' })
  .trim()
  .refine(
    (value) =>
      (/^\d{4}-\d{2}-\d{2}$/.test(value) ||
        /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(value)) &&
      !Number.isNaN(Date.parse(value)),
    'When must be a date (YYYY-MM-DD) or an ISO timestamp',
  )
  .transform((value) =>
    value.length === 10 ? `${value}T12:00:00.000Z` : new Date(value).toISOString(),
  );

/**
 * PUT /api/recalls/{id}/notices/{pharmacyId}: the notice's next step. Notified needs how
 * (`channel`); acknowledged needs who at the pharmacy (`contact`), and may say how many units
 * came back or were destroyed. `at` defaults to now and `by` to the signed-in user.
 */
export const recallNoticeUpdateSchema = z
  .object({
    status: z.enum(['notified', 'acknowledged'], {
      error: 'Status must be notified or acknowledged',
    }),
    at: moment.nullish().transform((value) => value ?? null),
    by: optionalText(200, 'By'),
    channel: z
      .enum(RECALL_NOTICE_CHANNELS, { error: 'Channel must be one of email, phone, letter' })
      .nullish()
      .transform((value) => value ?? null),
    contact: optionalText(200, 'Contact'),
    quantityReturned: z
      .number({ error: 'Quantity returned must be a whole number' })
      .int('Quantity returned must be a whole number')
      .min(0, 'Quantity returned must be at least 0')
      .max(10_000_000, 'Quantity returned must be at most 10000000')
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine((notice, ctx) => {
    if (notice.status === 'notified' && !notice.channel) {
      ctx.addIssue({
        code: 'custom',
        path: ['channel'],
        message: 'Say how the pharmacy was notified',
      });
    }
    if (notice.status === 'acknowledged' && !notice.contact) {
      ctx.addIssue({
        code: 'custom',
        path: ['contact'],
        message: 'Say who at the pharmacy acknowledged',
      });
    }
  });
export type RecallNoticeUpdateInput = z.input<typeof recallNoticeUpdateSchema>;
export type RecallNoticeUpdate = z.output<typeof recallNoticeUpdateSchema>;

/**
 * POST /api/recalls/{id}/email-notices: the pharmacies to email their letter, or (left out)
 * every pharmacy whose notice is still to notify.
 */
export const recallEmailNoticesSchema = z.object({
  pharmacyIds: z
    .array(entityId('Each pharmacy id must be a positive integer'), {
      error: 'Pharmacies must be a list of ids',
    })
    .max(10_000, 'At most 10000 pharmacies')
    .optional(),
});
export type RecallEmailNotices = z.output<typeof recallEmailNoticesSchema>;

/** What "Email notices" did: the emails queued, and the pharmacies it left, with why. */
export const recallEmailNoticesOutput = z.object({
  queued: z.array(
    z.object({ pharmacyId: recordId, emailId: recordId, status: z.enum(EMAIL_STATUSES) }),
  ),
  skipped: z.array(z.object({ pharmacyId: recordId, pharmacy: z.string(), reason: z.string() })),
});

/** POST /api/recalls/{id}/close: a reason is needed while a pharmacy has not acknowledged. */
export const recallCloseSchema = z.object({ reason: optionalText(2000, 'Reason') });

const progress = z.object({
  total: count,
  notified: count,
  acknowledged: count,
});

export const recallLineOutput = z.object({
  invoiceId: recordId.nullable(),
  invoiceNumber: z.string(),
  invoiceDate: calendarDate,
  lineId: recordId.nullable(),
  description: z.string(),
  qty: count,
  lotId: recordId,
  lotNumber: z.string(),
});

export const recallNoticeOutput = z.object({
  status: z.enum(RECALL_NOTICE_STATUSES),
  notifiedAt: timestamp.nullable(),
  notifiedBy: z.string().nullable(),
  channel: z.enum(RECALL_NOTICE_CHANNELS).nullable(),
  acknowledgedAt: timestamp.nullable(),
  acknowledgedBy: z.string().nullable(),
  contact: z.string().nullable(),
  quantityReturned: count.nullable(),
  /** The latest email carrying the letter ("Email notices"), while the outbox keeps it. */
  email: z.object({ id: recordId, status: z.enum(EMAIL_STATUSES) }).nullable(),
  events: z.array(
    z.object({
      status: z.enum(RECALL_NOTICE_STATUSES),
      at: timestamp,
      by: z.string().nullable(),
      channel: z.enum(RECALL_NOTICE_CHANNELS).nullable(),
      contact: z.string().nullable(),
      quantityReturned: count.nullable(),
      recordedAt: timestamp,
    }),
  ),
});

export const recallRecordOutput = z.object({
  id: recordId,
  number: z.string(),
  reason: z.string(),
  class: z.enum(RECALL_CLASSES),
  initiatedOn: calendarDate,
  closedOn: calendarDate.nullable(),
  closeReason: z.string().nullable(),
  createdAt: timestamp,
  lots: z.array(
    z.object({
      id: recordId,
      lotNumber: z.string(),
      expiryDate: calendarDate,
      status: z.enum(LOT_STATUSES),
      sku: z.string(),
      productName: z.string(),
    }),
  ),
  progress,
  pharmacies: z.array(
    z.object({
      pharmacy: z.object({
        id: recordId,
        name: z.string(),
        contactName: z.string().nullable(),
        email: z.string(),
        phone: z.string().nullable(),
      }),
      lines: z.array(recallLineOutput),
      notice: recallNoticeOutput,
    }),
  ),
});
export type RecallRecord = z.output<typeof recallRecordOutput>;

export const recallListItemOutput = z.object({
  id: recordId,
  number: z.string(),
  reason: z.string(),
  class: z.enum(RECALL_CLASSES),
  initiatedOn: calendarDate,
  closedOn: calendarDate.nullable(),
  lotNumbers: z.array(z.string()),
  progress,
});
export type RecallListItem = z.output<typeof recallListItemOutput>;

/** The dashboard's card: the open recalls and how far their notices have come. */
export const openRecallsOutput = z.object({
  open: count,
  pharmacies: count,
  acknowledged: count,
});
