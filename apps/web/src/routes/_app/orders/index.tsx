import { createFileRoute } from '@tanstack/react-router';
import { listLoader } from '../../../features/lists/route';
import { ordersList, ordersSearch } from '../../../features/orders/list';
import { OrdersPage } from '../../../features/orders/OrdersPage';

export const Route = createFileRoute('/_app/orders/')({
  validateSearch: ordersSearch,
  loaderDeps: ({ search }) => search,
  loader: listLoader(ordersList),
  component: OrdersPage,
});
