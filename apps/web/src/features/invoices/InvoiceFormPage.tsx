import { trpc } from '../../lib/trpc';
import { documentFormPages } from '../documents/documentFormPages';
import { InvoiceForm } from './InvoiceForm';

/**
 * The orders an invoice may come from, fetched again at each visit: the order screens change
 * them without knowing this picker.
 */
function useFormOptions() {
  return {
    orders: trpc.invoices.orderOptions.useQuery(undefined, { refetchOnMount: 'always' }),
  };
}

export const { NewPage: NewInvoicePage, EditPage: EditInvoicePage } = documentFormPages('Invoice', {
  useRecord: (id: number) => trpc.invoices.get.useQuery({ id }),
  number: (invoice) => invoice.invoiceNumber,
  useOptions: useFormOptions,
  form: (options, invoice) => <InvoiceForm {...options} invoice={invoice} />,
});
