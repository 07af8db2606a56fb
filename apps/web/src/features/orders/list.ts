// Not the package's index: the route's search check (first-load bundle) reads this, and the
// index would bring zod and every schema along.
import { ORDER_SORTS, type OrderSort } from '@pharm/validators/sorts';
import { ORDER_TABS, tabStatus, type OrderTab } from '@pharm/validators/statuses';
import { api } from '../../lib/api';
import { searchId } from '../../lib/params';
import { defineList, LIST_PAGE_SIZE, listPaging, type ListSearch } from '../lists/route';

export const ordersList = defineList({
  names: { one: 'order', many: 'orders' },
  description: 'Purchase orders from your pharmacies, from draft to fulfilment.',
  tabs: ORDER_TABS,
  placeholder: 'Order # or pharmacy...',
  empty: { tab: (tab) => `No ${tab} orders found.` },
  permissions: { write: 'orders.write', remove: 'orders.write' },
  deleteMessage: (order) =>
    `Are you sure you want to delete order ${order.orderNumber}? This action cannot be undone.`,
  sorts: ORDER_SORTS,
  dates: { label: 'Order date' },
  pharmacy: true,
  query: ({ q, tab, sort, order, from, to, pharmacyId }: ListSearch<OrderTab, OrderSort>) =>
    api.orders.list.infiniteQueryOptions(
      {
        q,
        status: tabStatus(ORDER_TABS, tab),
        sort,
        order,
        from,
        to,
        pharmacyId,
        limit: LIST_PAGE_SIZE,
      },
      listPaging,
    ),
});

/**
 * The new order form's search params: `pharmacyId`, the pharmacy ordering (a pharmacy's 'New
 * order'), a positive integer or left out; anything else is dropped, never an error.
 */
export function newOrderSearch(search: Record<string, unknown>): { pharmacyId?: number } {
  const pharmacyId = searchId(search.pharmacyId);
  return pharmacyId ? { pharmacyId } : {};
}
