import { z } from 'zod';
import {
  calendarDate,
  count,
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
import { lineTotalCents, parseScaled, sumCents } from './money.js';
import { MAX_MONEY_CENTS, SHIPPING_METHODS } from './order-rules.js';
import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from './statuses.js';
import { ORDER_SORTS } from './sorts.js';
import { lineLotOutput } from './lots.js';

/** Whether an order may go from one status to another; staying where it is always may. */
export function canTransitionOrder(from: OrderStatus, to: OrderStatus): boolean {
  return from === to || ORDER_TRANSITIONS[from].includes(to);
}

export const orderStatusField = z.enum(ORDER_STATUSES, {
  error: `Status must be one of ${ORDER_STATUSES.join(', ')}`,
});

export const orderLineItemSchema = z.object({
  productSku: optionalText(100, 'Product SKU'),
  variantSku: optionalText(100, 'Variant SKU'),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(1000, 'Description must be at most 1000 characters'),
  qty: z
    .number({ error: 'Quantity must be at least 1' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(100_000, 'Quantity must be at most 100,000'),
  unitPrice: money('Unit price is required', [0, 'Unit price must be non-negative']),
  /** The lot the line ships (issue 30); none: the line names no lot. */
  lotId: z
    .number({ error: 'Lot must be a positive integer' })
    .int('Lot must be a positive integer')
    .min(1, 'Lot must be a positive integer')
    .max(2_147_483_647, 'Lot must be a positive integer')
    .nullish()
    .transform((value) => value ?? null),
  /** Sent by the form; the server recomputes it and never trusts it. */
  lineTotal: z
    .union([z.string(), z.number()])
    .optional()
    .refine((v) => v !== '', 'Line total is required'),
});

export const orderSchema = z.object({
  pharmacyId: entityId('Pharmacy is required'),
  orderDate: isoDate('Order date is required', 'Order date'),
  shipMethod: z
    .preprocess(
      (value) => (value === '' ? null : value),
      z
        .enum(SHIPPING_METHODS, {
          error: `Shipping method must be one of ${SHIPPING_METHODS.join(', ')}`,
        })
        .nullish(),
    )
    .transform((value) => value ?? null),
  notes: optionalText(5000, 'Notes'),
  lineItems: z
    .array(orderLineItemSchema, { error: 'At least one line item is required' })
    .min(1, 'At least one line item is required')
    .max(500, 'An order can have at most 500 line items'),
});

/**
 * Sending (Draft → Sent) the order of a pharmacy on credit hold needs a reason, which the
 * activity log keeps; it is ignored on any other change.
 */
const holdOverrideReason = z
  .string({ error: 'Override reason must be text' })
  .trim()
  .max(1000, 'Override reason must be at most 1000 characters')
  .nullish()
  .transform((value) => value || undefined);

/**
 * Sending or fulfilling the order of a pharmacy whose state licence is missing or expired needs
 * an admin's reason (issue 29), which the activity log keeps; never for a DEA registration or a
 * bulk substance.
 */
const licenceOverrideReason = z
  .string({ error: 'Licence override reason must be text' })
  .trim()
  .max(1000, 'Licence override reason must be at most 1000 characters')
  .nullish()
  .transform((value) => value || undefined);

/** PUT /api/orders/{id}: the full order (optionally with a new status), or only `{status}`. */
export const orderStatusOnlySchema = z.strictObject({
  status: orderStatusField,
  holdOverrideReason,
  licenceOverrideReason,
});
export const orderUpdateSchema = fullOrOnly(
  orderSchema.extend({
    status: orderStatusField.optional(),
    holdOverrideReason,
    licenceOverrideReason,
  }),
  orderStatusOnlySchema,
);

export const orderListQuery = sortableListQuery(ORDER_SORTS).extend({
  status: orderStatusField.optional(),
  pharmacyId: entityId('pharmacyId must be a positive integer').optional(),
  /** Only the orders with a line of this product: its SKU or one of its variants'. */
  productId: entityId('productId must be a positive integer').optional(),
  ...dateRangeQuery,
});

export interface OrderTotals {
  /** qty × unitPrice of each line, in cents, in line order. */
  lineTotals: number[];
  /** subtotal = total = Σ line totals, in cents. */
  total: number;
  /** False when a line or the total does not fit numeric(10,2). */
  fits: boolean;
}

/**
 * docs/rules.md §2: line totals and the order total in integer cents, from validated lines
 * (unit prices are 2-decimal strings). The server stores these and ignores what the client sent.
 */
export function orderTotals(lines: readonly { qty: number; unitPrice: string }[]): OrderTotals {
  const lineTotals = lines.map((line) => {
    const cents = parseScaled(line.unitPrice, 2);
    if (cents === null) throw new RangeError(`Not a money amount: "${line.unitPrice}"`);
    return lineTotalCents(line.qty, cents);
  });
  // Each line is checked before summing so the sum stays an exact integer.
  if (lineTotals.some((cents) => cents > MAX_MONEY_CENTS))
    return { lineTotals, total: Number.NaN, fits: false };
  const total = sumCents(lineTotals);
  return { lineTotals, total, fits: total <= MAX_MONEY_CENTS };
}

/** The contact details a document shows of its pharmacy (an order's or an invoice's). */
export const documentPharmacyOutput = z.object({
  name: z.string(),
  contactName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  shippingAddress: z.string().nullable(),
  billingAddress: z.string().nullable(),
});

export const orderLineItemOutput = z.object({
  id: recordId,
  orderId: recordId,
  position: count,
  productSku: z.string().nullable(),
  variantSku: z.string().nullable(),
  description: z.string(),
  qty: count,
  unitPrice: moneyAmount,
  lineTotal: moneyAmount,
  lotId: recordId.nullable(),
  lot: lineLotOutput,
});

/** An order, with its pharmacy as `pharmacy` gives it; keys in the order the service writes them. */
function orderOutputWith<Pharmacy extends z.ZodObject>(pharmacy: Pharmacy) {
  return z.object({
    id: recordId,
    orderNumber: z.string(),
    pharmacyId: recordId,
    orderDate: calendarDate,
    shipMethod: z.enum(SHIPPING_METHODS).nullable(),
    notes: z.string().nullable(),
    status: z.enum(ORDER_STATUSES),
    subtotal: moneyAmount,
    total: moneyAmount,
    createdAt: timestamp,
    updatedAt: timestamp,
    pharmacy,
    lineItems: z.array(orderLineItemOutput),
    itemCount: count,
    /** The invoice made from the order, if one is. */
    invoice: z.object({ id: recordId, invoiceNumber: z.string() }).nullable(),
  });
}

/** An order with its lines and its pharmacy's contact details. */
export const orderOutput = orderOutputWith(documentPharmacyOutput);

/** A row of the orders list: the pharmacy by name only. */
export const orderPageOutput = sortedPageOf(orderOutputWith(z.object({ name: z.string() })));

export type OrderInput = z.input<typeof orderSchema>;
export type OrderData = z.output<typeof orderSchema>;
export type OrderLineItemInput = z.input<typeof orderLineItemSchema>;
export type OrderUpdateData = z.output<typeof orderUpdateSchema>;
export type OrderListQuery = z.output<typeof orderListQuery>;
