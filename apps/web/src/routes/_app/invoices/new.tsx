import { createFileRoute } from '@tanstack/react-router';
import { NewInvoicePage } from '../../../features/invoices/InvoiceFormPage';

export const Route = createFileRoute('/_app/invoices/new')({
  component: NewInvoicePage,
});
