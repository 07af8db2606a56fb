// Plain constants, no zod (also exported as @pharm/validators/statuses): the web app's list routes,
// part of its first-load bundle, read the tabs.

import { toCents } from './money.js';

export const ORDER_STATUSES = ['Draft', 'Sent', 'Fulfilled', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** docs/rules.md §3: the only status changes allowed. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  Draft: ['Sent', 'Cancelled'],
  Sent: ['Fulfilled', 'Cancelled'],
  Fulfilled: [],
  Cancelled: [],
};

/**
 * The spec's badge colours as Chakra palette names (Draft grey, Sent blue, Fulfilled green,
 * Cancelled red): the web's badges and the PDF's status line both read them from here.
 */
export const ORDER_STATUS_PALETTE = {
  Draft: 'gray',
  Sent: 'blue',
  Fulfilled: 'green',
  Cancelled: 'red',
} as const satisfies Record<OrderStatus, string>;

/** The orders list tabs (spec §2), each but All keeping one status; the value goes in the URL. */
export const ORDER_TABS = [
  { value: 'all', label: 'All Orders' },
  { value: 'draft', label: 'Draft', status: 'Draft' },
  { value: 'sent', label: 'Sent', status: 'Sent' },
  { value: 'fulfilled', label: 'Fulfilled', status: 'Fulfilled' },
] as const satisfies readonly StatusTab<OrderStatus>[];
export type OrderTab = (typeof ORDER_TABS)[number]['value'];

export const INVOICE_STATUSES = ['Draft', 'Unpaid', 'Partially Paid', 'Paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What a badge shows: a stored status, or Overdue, which is derived and never stored. */
export type InvoiceDisplayStatus = InvoiceStatus | 'Overdue';

/**
 * The spec's badge colours as Chakra palette names (Unpaid yellow, Partially Paid orange, Paid
 * green, Overdue red, anything else grey), for the web's badges and the PDF's status line.
 */
export const INVOICE_STATUS_PALETTE = {
  Draft: 'gray',
  Unpaid: 'yellow',
  'Partially Paid': 'orange',
  Paid: 'green',
  Overdue: 'red',
} as const satisfies Record<InvoiceDisplayStatus, string>;

/**
 * The invoices list tabs (spec §2), the list's `tab` filter: a value is the status lower-cased
 * with spaces as underscores. Overdue keeps no stored status: it is derived (docs/rules.md §3).
 */
export const INVOICE_TABS = [
  { value: 'all', label: 'All' },
  { value: 'unpaid', label: 'Unpaid', status: 'Unpaid' },
  { value: 'partially_paid', label: 'Partially Paid', status: 'Partially Paid' },
  { value: 'paid', label: 'Paid', status: 'Paid' },
  { value: 'overdue', label: 'Overdue' },
] as const satisfies readonly StatusTab<InvoiceStatus>[];
export type InvoiceTab = (typeof INVOICE_TABS)[number]['value'];

/** A list tab: its value in the URL and the API, its label, and the status it keeps, if one. */
export interface StatusTab<Status extends string> {
  value: string;
  label: string;
  status?: Status;
}

/** The status the tab `value` of `tabs` keeps; none for All, Overdue or an unknown value. */
export function tabStatus<Status extends string>(
  tabs: readonly StatusTab<Status>[],
  value: string | undefined,
): Status | undefined {
  return tabs.find((tab) => tab.value === value)?.status;
}

/**
 * docs/rules.md §3: past its due date with something still owed, and not Paid. Drafts count too,
 * as the rule says nothing of them; `today` is 'YYYY-MM-DD'.
 */
export function isInvoiceOverdue(
  invoice: { status: InvoiceStatus; dueDate: string; balance: string },
  today: string,
): boolean {
  return invoice.status !== 'Paid' && invoice.dueDate < today && toCents(invoice.balance) > 0;
}

/** The status a list shows: the stored one, or Overdue. */
export function displayInvoiceStatus(
  invoice: { status: InvoiceStatus; dueDate: string; balance: string },
  today: string,
): InvoiceDisplayStatus {
  return isInvoiceOverdue(invoice, today) ? 'Overdue' : invoice.status;
}
