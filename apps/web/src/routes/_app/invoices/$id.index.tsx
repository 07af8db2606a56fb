import { createFileRoute } from '@tanstack/react-router';
import { InvoicePage } from '../../../features/invoices/InvoicePage';
import { recordLoader } from '../../../features/records/route';
import { api } from '../../../lib/api';
import { idParams } from '../../../lib/params';

export const Route = createFileRoute('/_app/invoices/$id/')({
  params: idParams,
  loader: recordLoader((id) => api.invoices.get.queryOptions({ id })),
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <InvoicePage key={id} id={id} />;
}
