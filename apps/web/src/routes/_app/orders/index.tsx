import { createFileRoute } from '@tanstack/react-router';
import { isOrderTab, type OrderTab } from '../../../features/orders/format';
import { OrdersPage } from '../../../features/orders/OrdersPage';

export interface OrdersSearch {
  /** The status tab; All Orders when absent. */
  tab?: Exclude<OrderTab, 'all'>;
  /** The text filter (order number or pharmacy name). */
  q?: string;
}

export const Route = createFileRoute('/_app/orders/')({
  validateSearch: (search: Record<string, unknown>): OrdersSearch => {
    const tab = isOrderTab(search.tab) && search.tab !== 'all' ? search.tab : undefined;
    const q = typeof search.q === 'string' ? search.q.trim().slice(0, 100) : '';
    return { ...(tab ? { tab } : {}), ...(q ? { q } : {}) };
  },
  component: OrdersPage,
});
