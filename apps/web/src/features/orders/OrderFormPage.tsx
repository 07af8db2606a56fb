import { Box, Grid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { BackLink } from '../../components/BackLink';
import { NotFoundPage } from '../../components/NotFound';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage, errorStatus } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { OrderForm } from './OrderForm';

function Panel({ children }: { children: React.ReactNode }) {
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border.muted" rounded="xl" p="6">
      {children}
    </Box>
  );
}

/** Placeholders in the form's shape while the order, pharmacies and products load. */
function FormSkeleton() {
  return (
    <Stack gap="5" data-testid="form-skeleton" aria-busy="true">
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 300px' }} gap="5">
        <Panel>
          <Skeleton h="5" w="36" mb="5" />
          <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="5">
            {[3, 1, 2, 3].map((span, index) => (
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
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} h="4" />
            ))}
            <Skeleton h="8" mt="2" />
          </Stack>
        </Panel>
      </Grid>
      <Panel>
        <Skeleton h="5" w="28" mb="5" />
        <Stack gap="3">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} h="9" />
          ))}
        </Stack>
      </Panel>
    </Stack>
  );
}

/** The pickers' data, loaded before the form so saved lines find their category and product. */
function useFormOptions() {
  const pharmacies = trpc.pharmacies.options.useQuery();
  const products = trpc.products.options.useQuery();
  return { pharmacies, products };
}

export function NewOrderPage() {
  const { pharmacies, products } = useFormOptions();
  const failed = pharmacies.error ?? products.error;
  return (
    <>
      <PageHeader
        back={<BackLink to="/orders">Back to Orders</BackLink>}
        title="New Order"
        description="Create a purchase order for a pharmacy."
      />
      {failed ? (
        <Text color="fg.error" textStyle="sm">
          Failed to load the order form: {errorMessage(failed)}
        </Text>
      ) : pharmacies.data && products.data ? (
        <OrderForm pharmacies={pharmacies.data} products={products.data} />
      ) : (
        <FormSkeleton />
      )}
    </>
  );
}

export function EditOrderPage({ id }: { id: number }) {
  const order = trpc.orders.get.useQuery({ id });
  const { pharmacies, products } = useFormOptions();

  if (order.isError && errorStatus(order.error) === 404) return <NotFoundPage />;
  const failed = order.error ?? pharmacies.error ?? products.error;

  return (
    <>
      <PageHeader
        back={<BackLink to="/orders">Back to Orders</BackLink>}
        title="Edit Order"
        description={
          order.data
            ? `${order.data.orderNumber} · ${order.data.pharmacy.name}`
            : 'Update the order and its line items.'
        }
      />
      {failed ? (
        <Text color="fg.error" textStyle="sm">
          Failed to load order: {errorMessage(failed)}
        </Text>
      ) : order.data && pharmacies.data && products.data ? (
        <OrderForm
          key={order.data.id}
          order={order.data}
          pharmacies={pharmacies.data}
          products={products.data}
        />
      ) : (
        <FormSkeleton />
      )}
    </>
  );
}
