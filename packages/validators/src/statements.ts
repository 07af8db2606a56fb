import { z } from 'zod';
import { calendarDate, isoDate, moneyAmount, recordId } from './common.js';

/** GET /api/pharmacies/{id}/statement?from=&to= : both dates or neither (the last full month). */
export const statementQuery = z
  .object({
    id: z
      .number({ error: 'id must be a positive integer' })
      .int('id must be a positive integer')
      .min(1, 'id must be a positive integer')
      .max(2_147_483_647, 'id must be a positive integer'),
    from: isoDate('From date is required', 'From date').optional(),
    to: isoDate('To date is required', 'To date').optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.from === undefined) !== (value.to === undefined)) {
      const missing = value.from === undefined ? 'from' : 'to';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'Give both dates of the period, or neither',
      });
    } else if (value.from && value.to && value.from > value.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'To date must not precede From date' });
    }
  });
export type StatementQuery = z.output<typeof statementQuery>;

/**
 * A dunning fee is a charge of its own on its date; its waiver takes it back on the day it was
 * waived (docs/rules.md "Dunning fees").
 */
export const STATEMENT_LINE_TYPES = [
  'invoice',
  'payment',
  'credit_note',
  'refund',
  'dunning_fee',
  'fee_waiver',
] as const;
export type StatementLineType = (typeof STATEMENT_LINE_TYPES)[number];

/** Open balances by days past due (the statement's and the reports' aging). */
export const agingOutput = z.object({
  current: moneyAmount,
  days31to60: moneyAmount,
  days61to90: moneyAmount,
  over90: moneyAmount,
});

/** A pharmacy's statement of account over a period. */
export const statementOutput = z.object({
  pharmacy: z.object({ id: recordId, name: z.string() }),
  from: calendarDate,
  to: calendarDate,
  openingBalance: moneyAmount,
  closingBalance: moneyAmount,
  lines: z.array(
    z.object({
      date: calendarDate,
      type: z.enum(STATEMENT_LINE_TYPES),
      id: recordId,
      number: z.string(),
      amount: moneyAmount,
      balance: moneyAmount,
    }),
  ),
  aging: agingOutput,
  unapplied: moneyAmount,
  /**
   * The dunning fees owed on `to` (charged up to it, not waived by it); left out when none, as
   * it is while fees are off. Σ aging + fees − unapplied = closing.
   */
  fees: moneyAmount.optional(),
  /** The period's allocations (issue 27): money moved between documents, not the balance. */
  allocations: z.array(
    z.object({
      date: calendarDate,
      id: recordId,
      sourceNumber: z.string(),
      invoiceNumber: z.string(),
      amount: moneyAmount,
      voided: z.boolean(),
    }),
  ),
});

/** GET/PUT /api/settings. */
export const settingsSchema = z.object({
  holdDaysPastDue: z
    .number({ error: 'Days past due must be a whole number' })
    .int('Days past due must be a whole number')
    .min(1, 'Days past due must be at least 1')
    .max(3650, 'Days past due must be at most 3650'),
  /** The licence gate (issue 29); a PUT that leaves it out keeps it. */
  requireLicences: z.boolean({ error: 'Require licences must be true or false' }).optional(),
  /** A licence expiring within this many days is listed as expiring; a PUT that leaves it out keeps it. */
  licenceWarningDays: z
    .number({ error: 'Warning days must be a whole number' })
    .int('Warning days must be a whole number')
    .min(1, 'Warning days must be at least 1')
    .max(365, 'Warning days must be at most 365')
    .optional(),
  /**
   * Apply the account's unapplied cash and credits oldest first to an invoice when it is issued
   * (issue 27); off on a fresh database. A PUT that leaves it out keeps it.
   */
  autoApplyOnIssue: z.boolean({ error: 'Auto-apply must be true or false' }).optional(),
});
export type SettingsInput = z.output<typeof settingsSchema>;

/** What GET/PUT /api/settings answer: every setting. */
export const settingsOutput = settingsSchema.required();
export type Settings = z.output<typeof settingsOutput>;
