import { PAYMENT_SORTS, type PaymentSort } from '@pharm/validators/sorts';
import { api } from '../../lib/api';
import { parseId } from '../../lib/params';
import { defineList, LIST_PAGE_SIZE, listPaging, type ListSearch } from '../lists/route';

export const paymentsList = defineList({
  names: { one: 'payment', many: 'payments' },
  description: 'Money received from your pharmacies, against their invoices.',
  placeholder: 'Payment #, invoice # or pharmacy...',
  count: { testId: 'payments-count' },
  empty: { text: 'No payments recorded yet.' },
  permissions: { write: 'payments.write', remove: 'payments.write' },
  deleteMessage: (payment) =>
    `Are you sure you want to delete payment ${payment.paymentNumber}? The invoice's balance goes back up by its amount. This action cannot be undone.`,
  refresh: ['payments', 'invoices', 'pharmacies'],
  sorts: PAYMENT_SORTS,
  dates: { label: 'Payment date' },
  pharmacy: true,
  query: ({ q, sort, order, from, to, pharmacyId }: ListSearch<never, PaymentSort>) =>
    api.payments.list.infiniteQueryOptions(
      { q, sort, order, from, to, pharmacyId, limit: LIST_PAGE_SIZE },
      listPaging,
    ),
});

/**
 * The page's search params: the list's filter, and `record`, an invoice to open the Record
 * Payment dialog for (the invoices list's "Record payment" links here with it).
 */
export function paymentsSearch(
  search: Record<string, unknown>,
): ListSearch<never, PaymentSort> & { record?: number } {
  const record = parseId(String(search.record ?? ''));
  return { ...paymentsList.search(search), ...(record ? { record } : {}) };
}
