// Not the package's index: the list route imports this file, and zod stays out of the first load.
import { INVOICE_TABS, type InvoiceTab } from '@pharm/validators/statuses';
import type { RouterOutputs } from '../../lib/trpc';

export type InvoiceListItem = RouterOutputs['invoices']['list']['items'][number];
export type InvoiceDetails = RouterOutputs['invoices']['get'];
export type InvoiceOrderOption = RouterOutputs['invoices']['orderOptions'][number];

/** 'No partially paid invoices found.': a filtered tab's empty state names the tab. */
export function emptyTabText(tab: Exclude<InvoiceTab, 'all'>): string {
  const label = INVOICE_TABS.find((t) => t.value === tab)?.label ?? tab;
  return `No ${label.toLowerCase()} invoices found.`;
}
