import { z } from 'zod';
import {
  calendarDate,
  count,
  decimalString,
  entityId,
  fullOrOnly,
  isoDate,
  dateRangeQuery,
  sortableListQuery,
  sortedPageOf,
  money,
  moneyAmount,
  optionalText,
  recordId,
  timestamp,
} from './common.js';
import { isIsoDate } from './dates.js';
import { documentPharmacyOutput } from './orders.js';
import { DEFAULT_TAX_RATE } from './invoice-rules.js';
import { paymentTermsOutput, termsField } from './pharmacies.js';
import { INVOICE_STATUSES, INVOICE_TABS, ORDER_STATUSES } from './statuses.js';
import { INVOICE_DATE_FIELDS, INVOICE_SORTS } from './sorts.js';
import { lineLotOutput } from './lots.js';

export const invoiceStatusField = z.enum(INVOICE_STATUSES, {
  error: `Status must be one of ${INVOICE_STATUSES.join(', ')}`,
});

/**
 * docs/rules.md §3: the statuses a client may ask for. Partially Paid and Paid follow from the
 * payments (Paid may be asked for once nothing is owed), Overdue from the due date.
 */
export const CLIENT_INVOICE_STATUSES = ['Draft', 'Unpaid', 'Paid'] as const;
export type ClientInvoiceStatus = (typeof CLIENT_INVOICE_STATUSES)[number];

export const clientInvoiceStatusField = z.enum(CLIENT_INVOICE_STATUSES, {
  error: (issue) =>
    issue.input === 'Partially Paid' || issue.input === 'Overdue'
      ? `Status ${issue.input} is set by the server, not by a client`
      : `Status must be one of ${CLIENT_INVOICE_STATUSES.join(', ')}`,
});

export const invoiceSchema = z
  .object({
    pharmacyId: entityId('Pharmacy is required'),
    fromOrderId: z
      .number({ error: 'Order must be a positive integer' })
      .int('Order must be a positive integer')
      .min(1, 'Order must be a positive integer')
      .max(2_147_483_647, 'Order must be a positive integer')
      .nullish()
      .transform((value) => value ?? null),
    invoiceDate: isoDate('Invoice date is required', 'Invoice date'),
    dueDate: isoDate('Due date is required', 'Due date'),
    terms: termsField,
    notes: optionalText(5000, 'Notes'),
    lotNumber: optionalText(100, 'Lot number'),
    traySize: optionalText(100, 'Tray size'),
    nestSize: optionalText(100, 'Nest size'),
    caseSize: optionalText(100, 'Case size'),
    status: clientInvoiceStatusField.optional(),
    taxRate: decimalString({
      scale: 4,
      required: 'Tax rate must be between 0 and 100%',
      invalid: 'Tax rate must be between 0 and 100%',
      min: [0, 'Tax rate must be between 0 and 100%'],
      max: [10_000, 'Tax rate must be between 0 and 100%'],
    }).default(DEFAULT_TAX_RATE),
    shipping: money('Shipping must be non-negative', [0, 'Shipping must be non-negative']).default(
      '0.00',
    ),
    /** Left out with `fromOrderId`, it is the order's total. */
    amount: money('Amount must be non-negative', [0, 'Amount must be non-negative'])
      .nullish()
      .transform((value) => value ?? null),
    /**
     * Issue 30: the lot of each line (null: none); the lines themselves come from the order, and
     * those not named keep their lot. An update of a Draft names its lines by their ids; a create
     * from an order names the order's lines it copies by theirs (a create without an order has
     * no lines and ignores this). Lines sent back unchanged change nothing.
     */
    lineItems: z
      .array(
        z.object({
          id: entityId('Line id must be a positive integer'),
          lotId: z
            .number({ error: 'Lot must be a positive integer' })
            .int('Lot must be a positive integer')
            .min(1, 'Lot must be a positive integer')
            .max(2_147_483_647, 'Lot must be a positive integer')
            .nullable(),
        }),
        { error: 'Line items must be a list of { id, lotId }' },
      )
      .max(500, 'An invoice can have at most 500 line items')
      .optional(),
  })
  .refine((invoice) => invoice.dueDate >= invoice.invoiceDate, {
    message: 'Due date must be on or after the invoice date',
    path: ['dueDate'],
    when: (payload) => {
      const value = payload.value as { invoiceDate?: unknown; dueDate?: unknown };
      return (
        typeof value.invoiceDate === 'string' &&
        isIsoDate(value.invoiceDate) &&
        typeof value.dueDate === 'string' &&
        isIsoDate(value.dueDate)
      );
    },
  });

/** PUT /api/invoices/{id}: the full invoice, or only `{status}` (Mark Paid). */
export const invoiceStatusOnlySchema = z.strictObject({ status: clientInvoiceStatusField });
export const invoiceUpdateSchema = fullOrOnly(invoiceSchema, invoiceStatusOnlySchema);

const INVOICE_TAB_VALUES = INVOICE_TABS.map((tab) => tab.value);
export const invoiceListQuery = sortableListQuery(INVOICE_SORTS).extend({
  tab: z
    .enum(INVOICE_TAB_VALUES, { error: `Tab must be one of ${INVOICE_TAB_VALUES.join(', ')}` })
    .optional(),
  /** Only invoices a payment can be recorded against: not Paid, with a balance above 0. */
  payable: z.boolean({ error: 'payable must be true or false' }).optional(),
  pharmacyId: entityId('pharmacyId must be a positive integer').optional(),
  /** Only the invoices made from an order that sold this product (`orderListQuery.productId`). */
  productId: entityId('productId must be a positive integer').optional(),
  ...dateRangeQuery,
  /** Which date `from` and `to` bound: the invoice date (the default) or the due date. */
  dateField: z.enum(INVOICE_DATE_FIELDS, { error: 'dateField must be invoice or due' }).optional(),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

export const invoiceLineItemOutput = z.object({
  id: recordId,
  invoiceId: recordId,
  position: count,
  description: z.string(),
  qty: count,
  unitPrice: moneyAmount,
  lineTotal: moneyAmount,
  lotId: recordId.nullable(),
  lot: lineLotOutput,
});

/** The stored invoice; keys in the order the service writes them. */
const invoiceShape = {
  id: recordId,
  invoiceNumber: z.string(),
  fromOrderId: recordId.nullable(),
  pharmacyId: recordId,
  invoiceDate: calendarDate,
  dueDate: calendarDate,
  terms: paymentTermsOutput,
  notes: z.string().nullable(),
  lotNumber: z.string().nullable(),
  traySize: z.string().nullable(),
  nestSize: z.string().nullable(),
  caseSize: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  /** 4 decimals: '0.0875' is 8.75%. */
  taxRate: z.string().meta({ pattern: '^\\d+\\.\\d{4}$', examples: ['0.0875'] }),
  shipping: moneyAmount,
  amount: moneyAmount,
  subtotal: moneyAmount,
  taxAmount: moneyAmount,
  total: moneyAmount,
  balance: moneyAmount,
  createdAt: timestamp,
  updatedAt: timestamp,
};

/** An invoice with its lines, its pharmacy's contact details and the order it was made from. */
export const invoiceOutput = z.object({
  ...invoiceShape,
  fromOrderNumber: z.string().nullable(),
  amountPaid: moneyAmount,
  pharmacy: documentPharmacyOutput,
  lineItems: z.array(invoiceLineItemOutput),
});

/** A row of the invoices list. */
export const invoicePageOutput = sortedPageOf(
  z.object({
    ...invoiceShape,
    amountPaid: moneyAmount,
    pharmacy: documentPharmacyOutput.pick({
      name: true,
      contactName: true,
      email: true,
      phone: true,
    }),
    lineItems: z.array(invoiceLineItemOutput),
  }),
);

/** The orders an invoice can be made from, for the invoice form's picker. */
export const invoiceOrderOptionsOutput = z.array(
  z.object({
    id: recordId,
    orderNumber: z.string(),
    pharmacyId: recordId,
    pharmacyName: z.string(),
    orderDate: calendarDate,
    status: z.enum(ORDER_STATUSES),
    total: moneyAmount,
  }),
);

export type InvoiceInput = z.input<typeof invoiceSchema>;
export type InvoiceData = z.output<typeof invoiceSchema>;
export type InvoiceUpdateData = z.output<typeof invoiceUpdateSchema>;
