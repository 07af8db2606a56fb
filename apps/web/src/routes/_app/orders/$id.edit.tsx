import { createFileRoute } from '@tanstack/react-router';
import { EditOrderPage } from '../../../features/orders/OrderFormPage';
import { idParams } from '../../../lib/params';

export const Route = createFileRoute('/_app/orders/$id/edit')({
  params: idParams,
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <EditOrderPage key={id} id={id} />;
}
