import { z } from 'zod';
import { SEARCH_MIN_LENGTH } from './categories.js';
import { calendarDate, count, moneyAmount, recordId } from './common.js';
import { LICENCE_KINDS } from './licence-labels.js';
import { LOT_STATUSES } from './lot-statuses.js';
import { RECALL_CLASSES } from './recall-labels.js';

export const searchSchema = z.object({
  q: z
    .string({ error: 'Search text must be at least 2 characters' })
    .trim()
    .min(SEARCH_MIN_LENGTH, 'Search text must be at least 2 characters')
    .max(100, 'Search text must be at most 100 characters'),
});

const byName = z.object({ name: z.string() });

/** Global search: up to SEARCH_GROUP_LIMIT matches of each kind. */
export const searchOutput = z.object({
  pharmacies: z.array(z.object({ id: recordId, name: z.string(), email: z.string() })),
  /** Licences by number (issue 29): the module's group follows the pharmacies'. */
  licences: z.array(
    z.object({
      id: recordId,
      number: z.string(),
      kind: z.enum(LICENCE_KINDS),
      pharmacyId: recordId,
      pharmacy: byName,
    }),
  ),
  products: z.array(
    z.object({ id: recordId, name: z.string(), sku: z.string(), category: z.string() }),
  ),
  /** Lots by number (issue 30), with their variant's or product's SKU. */
  lotRecords: z.array(
    z.object({
      id: recordId,
      lotNumber: z.string(),
      expiryDate: calendarDate,
      status: z.enum(LOT_STATUSES),
      sku: z.string(),
    }),
  ),
  orders: z.array(
    z.object({ id: recordId, orderNumber: z.string(), total: moneyAmount, pharmacy: byName }),
  ),
  invoices: z.array(
    z.object({ id: recordId, invoiceNumber: z.string(), balance: moneyAmount, pharmacy: byName }),
  ),
  /** Payments and credit notes by number or pharmacy (issue 27). */
  payments: z.array(
    z.object({ id: recordId, paymentNumber: z.string(), amount: moneyAmount, pharmacy: byName }),
  ),
  creditNotes: z.array(
    z.object({ id: recordId, number: z.string(), total: moneyAmount, pharmacy: byName }),
  ),
  lots: z.array(z.object({ lotNumber: z.string(), invoiceCount: count })),
  /** Recalls by number or by a recalled lot's number (issue 30). */
  recalls: z.array(
    z.object({
      id: recordId,
      number: z.string(),
      class: z.enum(RECALL_CLASSES),
      closedOn: calendarDate.nullable(),
      lotNumbers: z.string().nullable(),
    }),
  ),
});
export type SearchOutput = z.output<typeof searchOutput>;
