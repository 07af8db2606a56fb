import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../../../features/orders/OrderPage';
import { recordLoader } from '../../../features/records/route';
import { api } from '../../../lib/api';
import { idParams } from '../../../lib/params';

export const Route = createFileRoute('/_app/orders/$id/')({
  params: idParams,
  loader: recordLoader((id) => api.orders.get.queryOptions({ id })),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <OrderPage key={id} id={id} />;
}
