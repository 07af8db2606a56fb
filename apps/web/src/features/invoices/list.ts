// Not the package's index: the route's search check (first-load bundle) reads this, and the
// index would bring zod and every schema along.
import { INVOICE_SORTS, type InvoiceSort } from '@pharm/validators/sorts';
import { INVOICE_TABS, type InvoiceTab } from '@pharm/validators/statuses';
import { api } from '../../lib/api';
import { searchId } from '../../lib/params';
import { defineList, LIST_PAGE_SIZE, listPaging, type ListSearch } from '../lists/route';
import { emptyTabText } from './format';

export const invoicesList = defineList({
  names: { one: 'invoice', many: 'invoices' },
  description: 'What your pharmacies were billed, what they paid and what they still owe.',
  tabs: INVOICE_TABS,
  placeholder: 'Invoice # or pharmacy...',
  empty: { text: 'No invoices yet — create an order first.', tab: emptyTabText },
  permissions: { write: 'invoices.write', remove: 'invoices.write' },
  deleteMessage: (invoice) =>
    `Are you sure you want to delete invoice ${invoice.invoiceNumber}? This will also delete all associated payments. This action cannot be undone.`,
  refresh: ['invoices', 'payments', 'pharmacies'],
  sorts: INVOICE_SORTS,
  dates: {
    label: 'Period',
    fields: [
      { value: 'invoice', label: 'Invoice date' },
      { value: 'due', label: 'Due date' },
    ],
  },
  pharmacy: true,
  query: ({
    q,
    tab,
    sort,
    order,
    from,
    to,
    dateField,
    pharmacyId,
  }: ListSearch<InvoiceTab, InvoiceSort>) =>
    api.invoices.list.infiniteQueryOptions(
      { q, tab, sort, order, from, to, dateField, pharmacyId, limit: LIST_PAGE_SIZE },
      listPaging,
    ),
});

/**
 * The new invoice form's search params: `fromOrderId`, the order to invoice (an order's 'Create
 * invoice'), and `pharmacyId`, the pharmacy billed (a pharmacy's 'New invoice'), each a positive
 * integer or left out; anything else is dropped, never an error.
 */
export function newInvoiceSearch(search: Record<string, unknown>): {
  fromOrderId?: number;
  pharmacyId?: number;
} {
  const fromOrderId = searchId(search.fromOrderId);
  const pharmacyId = searchId(search.pharmacyId);
  return { ...(fromOrderId ? { fromOrderId } : {}), ...(pharmacyId ? { pharmacyId } : {}) };
}
