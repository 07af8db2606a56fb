import { createFileRoute } from '@tanstack/react-router';
import { EditInvoicePage } from '../../../features/invoices/InvoiceFormPage';
import { idParams } from '../../../lib/params';

export const Route = createFileRoute('/_app/invoices/$id/edit')({
  params: idParams,
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <EditInvoicePage key={id} id={id} />;
}
