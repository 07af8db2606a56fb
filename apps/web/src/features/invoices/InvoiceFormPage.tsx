import { recordFormPages } from '../../components/RecordFormPage';
import { trpc } from '../../lib/trpc';
import { DocumentFormSkeleton } from '../documents/DocumentFormSkeleton';
import { InvoiceForm } from './InvoiceForm';

/**
 * The pickers' data: the orders an invoice may come from and the pharmacies. The orders are
 * fetched again at each visit: the order screens change them without knowing this picker.
 */
function useFormOptions() {
  return {
    pharmacies: trpc.pharmacies.options.useQuery(),
    orders: trpc.invoices.orderOptions.useQuery(undefined, { refetchOnMount: 'always' }),
  };
}

export const { NewPage: NewInvoicePage, EditPage: EditInvoicePage } = recordFormPages({
  name: 'Invoice',
  back: { to: '/invoices', label: 'Back to Invoices' },
  newDescription: 'Bill a pharmacy, from one of its orders or for an amount.',
  editDescription: (invoice) =>
    invoice
      ? `${invoice.invoiceNumber} · ${invoice.pharmacy.name}`
      : 'Update the invoice and its amounts.',
  useRecord: (id: number) => trpc.invoices.get.useQuery({ id }),
  useOptions: useFormOptions,
  skeleton: (
    <DocumentFormSkeleton spans={[3, 3, 1, 1, 1, 3]} summaryWidth="320px" summaryRows={5} />
  ),
  form: (options, invoice) => <InvoiceForm {...options} invoice={invoice} />,
});
