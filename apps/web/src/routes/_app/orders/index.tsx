import { createFileRoute } from '@tanstack/react-router';
import { listLoader } from '../../../features/lists/route';
import { ordersList } from '../../../features/orders/list';
import { OrdersPage } from '../../../features/orders/OrdersPage';

export const Route = createFileRoute('/_app/orders/')({
  validateSearch: ordersList.search,
  loaderDeps: ({ search }) => search,
  loader: listLoader(ordersList.query),
  component: OrdersPage,
});
