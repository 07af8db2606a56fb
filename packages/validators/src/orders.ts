import { z } from 'zod';
import { entityId, isoDate, money, optionalText } from './common.js';

export const ORDER_STATUSES = ['Draft', 'Sent', 'Fulfilled', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** decisions.md §3: the only status changes allowed. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  Draft: ['Sent', 'Cancelled'],
  Sent: ['Fulfilled', 'Cancelled'],
  Fulfilled: [],
  Cancelled: [],
};

export const SHIPPING_METHODS = ['Ground Shipping', 'Express Shipping', 'Overnight'] as const;

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
  /** Sent by the form; the server recomputes it and never trusts it. */
  lineTotal: z.union([z.string(), z.number()]).optional().refine((v) => v !== '', 'Line total is required'),
});

export const orderSchema = z.object({
  pharmacyId: entityId('Pharmacy is required'),
  orderDate: isoDate('Order date is required', 'Order date'),
  shipMethod: z
    .enum(SHIPPING_METHODS, { error: `Shipping method must be one of ${SHIPPING_METHODS.join(', ')}` })
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((value) => value ?? null),
  notes: optionalText(5000, 'Notes'),
  lineItems: z
    .array(orderLineItemSchema, { error: 'At least one line item is required' })
    .min(1, 'At least one line item is required')
    .max(500, 'An order can have at most 500 line items'),
});

/** PUT /api/orders/{id}: the full order (optionally with a new status), or only `{status}`. */
export const orderStatusOnlySchema = z.strictObject({ status: orderStatusField });
export const orderUpdateSchema = z.union([
  orderStatusOnlySchema,
  orderSchema.extend({ status: orderStatusField.optional() }),
]);

export const orderListQuery = z.object({
  status: orderStatusField.optional(),
});

export type OrderInput = z.input<typeof orderSchema>;
export type OrderData = z.output<typeof orderSchema>;
export type OrderLineItemInput = z.input<typeof orderLineItemSchema>;
export type OrderUpdateData = z.output<typeof orderUpdateSchema>;
