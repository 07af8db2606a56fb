import { Box, Grid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { BackLink } from '../../components/BackLink';
import { NotFoundPage } from '../../components/NotFound';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage, errorStatus } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { InvoiceForm } from './InvoiceForm';

function Panel({ children }: { children: React.ReactNode }) {
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border.muted" rounded="xl" p="6">
      {children}
    </Box>
  );
}

/** Placeholders in the form's shape while the invoice and the pickers' options load. */
function FormSkeleton() {
  return (
    <Grid
      templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 320px' }}
      gap="5"
      data-testid="form-skeleton"
      aria-busy="true"
    >
      <Panel>
        <Skeleton h="5" w="36" mb="5" />
        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="5">
          {[3, 3, 1, 1, 1, 3].map((span, index) => (
            <Stack key={index} gap="2" gridColumn={{ md: `span ${span}` }}>
              <Skeleton h="4" w="28" />
              <Skeleton h="10" />
            </Stack>
          ))}
        </Grid>
      </Panel>
      <Panel>
        <Skeleton h="5" w="32" mb="5" />
        <Stack gap="3">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} h="4" />
          ))}
          <Skeleton h="8" mt="2" />
        </Stack>
      </Panel>
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
  return { pharmacies, orders };
}

export function NewInvoicePage() {
  const { pharmacies, orders } = useFormOptions();
  const failed = pharmacies.error ?? orders.error;
  return (
    <>
      <PageHeader
        back={<BackLink to="/invoices">Back to Invoices</BackLink>}
        title="New Invoice"
        description="Bill a pharmacy, from one of its orders or for an amount."
      />
      {failed ? (
        <Text color="fg.error" textStyle="sm">
          Failed to load the invoice form: {errorMessage(failed)}
        </Text>
      ) : pharmacies.data && orders.data ? (
        <InvoiceForm pharmacies={pharmacies.data} orders={orders.data} />
      ) : (
        <FormSkeleton />
      )}
    </>
  );
}

export function EditInvoicePage({ id }: { id: number }) {
  const invoice = trpc.invoices.get.useQuery({ id });
  const { pharmacies, orders } = useFormOptions();

  if (invoice.isError && errorStatus(invoice.error) === 404) return <NotFoundPage />;
  const failed = invoice.error ?? pharmacies.error ?? orders.error;

  return (
    <>
      <PageHeader
        back={<BackLink to="/invoices">Back to Invoices</BackLink>}
        title="Edit Invoice"
        description={
          invoice.data
            ? `${invoice.data.invoiceNumber} · ${invoice.data.pharmacy.name}`
            : 'Update the invoice and its amounts.'
        }
      />
      {failed ? (
        <Text color="fg.error" textStyle="sm">
          Failed to load invoice: {errorMessage(failed)}
        </Text>
      ) : invoice.data && pharmacies.data && orders.data ? (
        <InvoiceForm
          key={invoice.data.id}
          invoice={invoice.data}
          pharmacies={pharmacies.data}
          orders={orders.data}
        />
      ) : (
        <FormSkeleton />
      )}
    </>
  );
}
