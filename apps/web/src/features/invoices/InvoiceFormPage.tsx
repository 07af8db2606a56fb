import { Card, Grid, Skeleton, Stack } from '@chakra-ui/react';
import { RecordFormPage } from '../../components/RecordFormPage';
import { trpc } from '../../lib/trpc';
import { InvoiceForm } from './InvoiceForm';

const back = { to: '/invoices', label: 'Back to Invoices' } as const;

/** Placeholders in the form's shape while the invoice and the pickers' options load. */
function InvoiceFormSkeleton() {
  return (
    <Grid
      templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 320px' }}
      gap="5"
      data-testid="form-skeleton"
      aria-busy="true"
    >
      <Card.Root p="6">
        <Skeleton h="5" w="36" mb="5" />
        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="5">
          {[3, 3, 1, 1, 1, 3].map((span, index) => (
            <Stack key={index} gap="2" gridColumn={{ md: `span ${span}` }}>
              <Skeleton h="4" w="28" />
              <Skeleton h="10" />
            </Stack>
          ))}
        </Grid>
      </Card.Root>
      <Card.Root p="6">
        <Skeleton h="5" w="32" mb="5" />
        <Stack gap="3">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} h="4" />
          ))}
          <Skeleton h="8" mt="2" />
        </Stack>
      </Card.Root>
    </Grid>
  );
}

/**
 * The pickers' data: the orders an invoice may come from and the pharmacies. The orders are
 * fetched again at each visit: the order screens change them without knowing this picker.
 */
function useFormOptions() {
  const pharmacies = trpc.pharmacies.options.useQuery();
  const orders = trpc.invoices.orderOptions.useQuery(undefined, { refetchOnMount: 'always' });
  return {
    data:
      pharmacies.data && orders.data
        ? { pharmacies: pharmacies.data, orders: orders.data }
        : undefined,
    error: pharmacies.error ?? orders.error,
  };
}

export function NewInvoicePage() {
  const options = useFormOptions();
  return (
    <RecordFormPage
      back={back}
      title="New Invoice"
      description="Bill a pharmacy, from one of its orders or for an amount."
      load={options}
      loadError="Failed to load the invoice form"
      skeleton={<InvoiceFormSkeleton />}
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
      load={{
        data: invoice.data && options.data ? { invoice: invoice.data, ...options.data } : undefined,
        error: invoice.error ?? options.error,
      }}
      loadError="Failed to load invoice"
      skeleton={<InvoiceFormSkeleton />}
    >
      {(data) => (
        <InvoiceForm
          key={data.invoice.id}
          invoice={data.invoice}
          pharmacies={data.pharmacies}
          orders={data.orders}
        />
      )}
    </RecordFormPage>
  );
}
