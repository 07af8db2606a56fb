import { createFileRoute } from '@tanstack/react-router';
import { InvoicesPage } from '../../../features/invoices/InvoicesPage';
import { invoicesList } from '../../../features/invoices/list';
import { listLoader } from '../../../features/lists/route';

export const Route = createFileRoute('/_app/invoices/')({
  validateSearch: invoicesList.search,
  loaderDeps: ({ search }) => search,
  loader: listLoader(invoicesList.query),
  component: InvoicesPage,
});
