// Not the package's index: the route's search check (first-load bundle) reads this, and the
// index would bring zod and every schema along.
import { ORDER_TABS, tabStatus, type OrderTab } from '@pharm/validators/statuses';
import { api } from '../../lib/api';
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
  query: ({ q, tab }: ListSearch<OrderTab>) =>
    api.orders.list.infiniteQueryOptions(
      { q, status: tabStatus(ORDER_TABS, tab), limit: LIST_PAGE_SIZE },
      listPaging,
    ),
});
