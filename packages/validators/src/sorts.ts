// The sorts each list offers (its `sort` param). Apart from the list schemas and free of zod:
// the web's list routes check their search params with these, and route options are part of the
// first-load bundle.

export const ORDER_SORTS = ['number', 'pharmacy', 'date', 'total', 'status'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const INVOICE_SORTS = [
  'number',
  'pharmacy',
  'date',
  'dueDate',
  'total',
  'balance',
  'status',
] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

export const PAYMENT_SORTS = ['number', 'pharmacy', 'date', 'amount'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

export const PHARMACY_SORTS = ['name', 'balance'] as const;
export type PharmacySort = (typeof PHARMACY_SORTS)[number];

export const PRODUCT_SORTS = ['name', 'sku', 'price'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Which date an invoice list's `from` and `to` bound: the invoice date or the due date. */
export const INVOICE_DATE_FIELDS = ['invoice', 'due'] as const;
export type InvoiceDateField = (typeof INVOICE_DATE_FIELDS)[number];
