import { loadAll, RecordFormPage } from '../../components/RecordFormPage';
import { trpc } from '../../lib/trpc';
import { DocumentFormSkeleton } from '../documents/DocumentFormSkeleton';
import { InvoiceForm } from './InvoiceForm';

const back = { to: '/invoices', label: 'Back to Invoices' } as const;

/** Placeholders in the form's shape while the invoice and the pickers' options load. */
const skeleton = (
  <DocumentFormSkeleton spans={[3, 3, 1, 1, 1, 3]} summaryWidth="320px" summaryRows={5} />
);

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

export function NewInvoicePage() {
  const options = useFormOptions();
  return (
    <RecordFormPage
      back={back}
      title="New Invoice"
      description="Bill a pharmacy, from one of its orders or for an amount."
      load={loadAll(options)}
      loadError="Failed to load the invoice form"
      skeleton={skeleton}
    >
      {(data) => <InvoiceForm pharmacies={data.pharmacies} orders={data.orders} />}
    </RecordFormPage>
  );
}

export function EditInvoicePage({ id }: { id: number }) {
  const invoice = trpc.invoices.get.useQuery({ id });
  const options = useFormOptions();
  return (
    <RecordFormPage
      back={back}
      title="Edit Invoice"
      description={
        invoice.data
          ? `${invoice.data.invoiceNumber} · ${invoice.data.pharmacy.name}`
          : 'Update the invoice and its amounts.'
      }
      load={loadAll({ invoice, ...options })}
      loadError="Failed to load invoice"
      skeleton={skeleton}
    >
      {(data) => <InvoiceForm key={data.invoice.id} {...data} />}
    </RecordFormPage>
  );
}
