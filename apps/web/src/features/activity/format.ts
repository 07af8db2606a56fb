import { formatDate, formatPercent, formatUsd } from '@pharm/validators';
import type { RouterOutputs } from '../../lib/trpc';
import { EMPTY } from '../../lib/text';

export type ActivityItem = RouterOutputs['activity']['list']['items'][number];
export type FieldChange = ActivityItem['changes'][number];

export const ACTION_LABELS = { create: 'Created', update: 'Updated', delete: 'Deleted' } as const;

/** Fields whose label is not their name split into words. */
const FIELD_LABELS: Record<string, string> = {
  sku: 'SKU',
  defaultPrice: 'Default Price',
  shipMethod: 'Shipping Method',
  fromOrder: 'From Order',
  taxRate: 'Tax Rate',
  taxAmount: 'Tax',
  lotNumber: 'Lot Number',
  contactName: 'Contact',
  terms: 'Payment Terms',
  lineItems: 'Line Items',
  invoiceStatus: 'Invoice Status',
  date: 'Payment Date',
  creditLimit: 'Credit Limit',
};

/** 'defaultPrice' → 'Default Price', 'orderNumber' → 'Order Number'. */
export function fieldLabel(field: string): string {
  return (
    FIELD_LABELS[field] ??
    field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase())
  );
}

const MONEY_FIELDS = new Set([
  'amount',
  'balance',
  'creditLimit',
  'defaultPrice',
  'lineTotal',
  'shipping',
  'subtotal',
  'taxAmount',
  'total',
  'unitPrice',
]);
const DATE_FIELDS = new Set(['date', 'dueDate', 'invoiceDate', 'orderDate']);

function money(value: unknown): string {
  try {
    return formatUsd(String(value));
  } catch {
    return String(value);
  }
}

/** One line item or variant of a snapshot, in a few words. */
function part(value: Record<string, unknown>): string {
  if ('description' in value) {
    return `${String(value.qty)} × ${String(value.description)} @ ${money(value.unitPrice)}`;
  }
  if ('variantSku' in value) {
    const size = value.size ? ` (${String(value.size)})` : '';
    return `${String(value.variantSku)}${size} ${money(value.defaultPrice)}`;
  }
  // An allocation of a payment or credit note (issue 27): JSON would not wrap on a phone.
  if ('invoice' in value && 'amount' in value) {
    return `${money(value.amount)} to ${String(value.invoice)}`;
  }
  return JSON.stringify(value);
}

/** A field's value as the history shows it: money in USD, dates and rates formatted, parts listed. */
export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (Array.isArray(value)) {
    return value.length
      ? value
          .map((item) =>
            item && typeof item === 'object' ? part(item as Record<string, unknown>) : String(item),
          )
          .join('; ')
      : 'None';
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (MONEY_FIELDS.has(field)) return money(value);
  if (DATE_FIELDS.has(field) && typeof value === 'string') return formatDate(value);
  if (field === 'taxRate') return formatPercent(String(value));
  if (typeof value === 'object') return part(value as Record<string, unknown>);
  return String(value);
}

// One formatter for every row: toLocaleTimeString with options builds a new one at each call.
const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** 'Nov 21, 2026, 3:04 PM': when a change was made, in the viewer's time. */
export function formatWhen(at: string): string {
  const date = new Date(at);
  return `${formatDate(date)}, ${TIME.format(date)}`;
}
