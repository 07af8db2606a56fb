import { z } from 'zod';
import { calendarDate, entityId, money, moneyAmount, recordId, timestamp } from './common.js';
import { EMAIL_STATUSES } from './email-labels.js';
import { DUNNING_NOTICE_STATUSES, MAX_DUNNING_LEVELS } from './dunning-labels.js';

const wholeDays = z
  .number({ error: 'Days must be a whole number' })
  .int('Days must be a whole number')
  .min(-60, 'Days must be at least -60 (60 days before the due date)')
  .max(3650, 'Days must be at most 3650');

/** A fee: none (null, '' or 0 left out), or a positive amount. */
const optionalFee = z
  .preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    money('Fee is required', [1, 'Fee must be more than 0']).nullable(),
  )
  .transform((value) => value ?? null);

export const dunningLevelSchema = z.object({
  days: wholeDays,
  templateId: entityId('Template is required'),
  attachStatement: z.boolean({ error: 'Attach statement must be true or false' }).default(false),
  fee: optionalFee,
});

/** PUT /api/settings/dunning: the whole set of levels, in order of days. */
export const dunningSettingsSchema = z
  .object({
    enabled: z.boolean({ error: 'Enabled must be true or false' }),
    autoSend: z.boolean({ error: 'Auto-send must be true or false' }).default(false),
    /** Issue 28 item 6; a PUT that leaves it out keeps it. */
    monthlyStatements: z.boolean({ error: 'Monthly statements must be true or false' }).optional(),
    levels: z
      .array(dunningLevelSchema, { error: 'Levels must be a list' })
      .max(MAX_DUNNING_LEVELS, `At most ${MAX_DUNNING_LEVELS} levels`),
  })
  .superRefine((value, ctx) => {
    value.levels.forEach((level, i) => {
      const before = value.levels[i - 1];
      if (before && level.days <= before.days) {
        ctx.addIssue({
          code: 'custom',
          path: ['levels', i, 'days'],
          message: 'Each level must come more days after the due date than the one before it',
        });
      }
    });
    if (value.enabled && value.levels.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['levels'],
        message: 'Dunning needs at least one level',
      });
    }
  });
export type DunningSettingsInput = z.input<typeof dunningSettingsSchema>;
export type DunningSettingsData = z.output<typeof dunningSettingsSchema>;

export const dunningLevelOutput = z.object({
  level: z.number(),
  days: z.number(),
  templateId: recordId,
  attachStatement: z.boolean(),
  fee: moneyAmount.nullable(),
});
export type DunningLevel = z.output<typeof dunningLevelOutput>;

export const dunningSettingsOutput = z.object({
  enabled: z.boolean(),
  autoSend: z.boolean(),
  monthlyStatements: z.boolean(),
  levels: z.array(dunningLevelOutput),
});
export type DunningSettings = z.output<typeof dunningSettingsOutput>;

/** GET /api/dunning/notices: the history, newest first. */
export const dunningNoticeQuery = z.object({
  status: z
    .enum(DUNNING_NOTICE_STATUSES, {
      error: `status must be one of ${DUNNING_NOTICE_STATUSES.join(', ')}`,
    })
    .optional(),
  pharmacyId: entityId('pharmacyId must be a positive integer').optional(),
  limit: z
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(200, 'limit must be at most 200')
    .default(100),
});
export type DunningNoticeQuery = z.output<typeof dunningNoticeQuery>;

export const dunningNoticeItemOutput = z.object({
  invoiceId: recordId,
  invoiceNumber: z.string(),
  invoiceDate: calendarDate,
  dueDate: calendarDate,
  balance: moneyAmount,
  daysOverdue: z.number(),
  level: z.number(),
});

export const dunningNoticeOutput = z.object({
  id: recordId,
  pharmacy: z.object({ id: recordId, name: z.string(), email: z.string() }),
  level: z.number(),
  runDate: calendarDate,
  status: z.enum(DUNNING_NOTICE_STATUSES),
  items: z.array(dunningNoticeItemOutput),
  total: moneyAmount,
  fee: moneyAmount.nullable(),
  email: z
    .object({ id: recordId, status: z.enum(EMAIL_STATUSES), sentAt: timestamp.nullable() })
    .nullable(),
  decidedAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type DunningNotice = z.output<typeof dunningNoticeOutput>;

/** PUT /api/pharmacies/{id}/dunning */
export const dunningPauseSchema = z.object({
  paused: z.boolean({ error: 'Paused must be true or false' }),
});

export const dunningPauseOutput = z.object({ id: recordId, dunningPaused: z.boolean() });

/** POST /api/dunning-fees/{id}/waive: why the fee is no longer owed. */
export const dunningFeeWaiveSchema = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason must be at most 500 characters'),
});

/** GET /api/pharmacies/{id}/dunning-fees: its late fees, newest first, and what is owed of them. */
export const pharmacyFeesOutput = z.object({
  owed: moneyAmount,
  fees: z.array(
    z.object({
      id: recordId,
      number: z.string(),
      date: calendarDate,
      amount: moneyAmount,
      level: z.number(),
      waivedOn: calendarDate.nullable(),
      waiveReason: z.string().nullable(),
    }),
  ),
});
export type PharmacyFees = z.output<typeof pharmacyFeesOutput>;
