import { createFileRoute } from '@tanstack/react-router';
import { PaymentPage } from '../../../features/payments/PaymentPage';
import { recordLoader } from '../../../features/records/route';
import { api } from '../../../lib/api';
import { idParams } from '../../../lib/params';

export const Route = createFileRoute('/_app/payments/$id/')({
  params: idParams,
  loader: recordLoader((id) => api.payments.get.queryOptions({ id })),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <PaymentPage key={id} id={id} />;
}
