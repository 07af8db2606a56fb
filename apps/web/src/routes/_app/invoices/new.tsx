import { createFileRoute } from '@tanstack/react-router';
import { newInvoiceSearch } from '../../../features/invoices/list';
import { NewInvoicePage } from '../../../features/invoices/InvoiceFormPage';

export const Route = createFileRoute('/_app/invoices/new')({
  validateSearch: newInvoiceSearch,
  component: NewInvoicePage,
});
