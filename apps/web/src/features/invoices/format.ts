// Type imports only: the list route imports this file, and zod stays out of the first load.
import type { InvoiceTab } from '@pharm/validators';
import type { RouterOutputs } from '../../lib/trpc';

export type InvoiceListItem = RouterOutputs['invoices']['list']['items'][number];
export type InvoiceDetails = RouterOutputs['invoices']['get'];
export type InvoiceOrderOption = RouterOutputs['invoices']['orderOptions'][number];

/**
 * The list tabs; a tab's value is the status lower-cased with spaces as underscores (spec §2),
 * the server's `tab` filter.
 */
export const INVOICE_LIST_TABS = [
  { value: 'all', label: 'All' },
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'partially_paid', label: 'Partially Paid' },
  { value: 'paid', label: 'Paid' },
  { value: 'overdue', label: 'Overdue' },
] as const satisfies readonly { value: InvoiceTab; label: string }[];

/** 'No partially paid invoices found.': a filtered tab's empty state names the tab. */
export function emptyTabText(tab: Exclude<InvoiceTab, 'all'>): string {
  const label = INVOICE_LIST_TABS.find((t) => t.value === tab)?.label ?? tab;
  return `No ${label.toLowerCase()} invoices found.`;
}
