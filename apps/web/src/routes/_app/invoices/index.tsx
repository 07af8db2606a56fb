import { createFileRoute } from '@tanstack/react-router';
import { InvoicesPage } from '../../../features/invoices/InvoicesPage';
import { invoicesList, invoicesSearch } from '../../../features/invoices/list';
import { listLoader } from '../../../features/lists/route';

export const Route = createFileRoute('/_app/invoices/')({
  validateSearch: invoicesSearch,
  loaderDeps: ({ search }) => search,
  loader: listLoader(invoicesList),
  component: InvoicesPage,
});
