import { Card, Grid, Skeleton, Stack } from '@chakra-ui/react';
import { RecordFormPage } from '../../components/RecordFormPage';
import { trpc } from '../../lib/trpc';
import { OrderForm } from './OrderForm';

const back = { to: '/orders', label: 'Back to Orders' } as const;

/** Placeholders in the form's shape while the order, pharmacies and products load. */
function OrderFormSkeleton() {
  return (
    <Stack gap="5" data-testid="form-skeleton" aria-busy="true">
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 300px' }} gap="5">
        <Card.Root p="6">
          <Skeleton h="5" w="36" mb="5" />
          <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="5">
            {[3, 1, 2, 3].map((span, index) => (
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
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} h="4" />
            ))}
            <Skeleton h="8" mt="2" />
          </Stack>
        </Card.Root>
      </Grid>
      <Card.Root p="6">
        <Skeleton h="5" w="28" mb="5" />
        <Stack gap="3">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} h="9" />
          ))}
        </Stack>
      </Card.Root>
    </Stack>
  );
}

/** The pickers' data, loaded before the form so saved lines find their category and product. */
function useFormOptions() {
  const pharmacies = trpc.pharmacies.options.useQuery();
  const products = trpc.products.options.useQuery();
  return {
    data:
      pharmacies.data && products.data
        ? { pharmacies: pharmacies.data, products: products.data }
        : undefined,
    error: pharmacies.error ?? products.error,
  };
}

export function NewOrderPage() {
  const options = useFormOptions();
  return (
    <RecordFormPage
      back={back}
      title="New Order"
      description="Create a purchase order for a pharmacy."
      load={options}
      loadError="Failed to load the order form"
      skeleton={<OrderFormSkeleton />}
    >
      {(data) => <OrderForm pharmacies={data.pharmacies} products={data.products} />}
    </RecordFormPage>
  );
}

export function EditOrderPage({ id }: { id: number }) {
  const order = trpc.orders.get.useQuery({ id });
  const options = useFormOptions();
  return (
    <RecordFormPage
      back={back}
      title="Edit Order"
      description={
        order.data
          ? `${order.data.orderNumber} · ${order.data.pharmacy.name}`
          : 'Update the order and its line items.'
      }
      load={{
        data: order.data && options.data ? { order: order.data, ...options.data } : undefined,
        error: order.error ?? options.error,
      }}
      loadError="Failed to load order"
      skeleton={<OrderFormSkeleton />}
    >
      {(data) => (
        <OrderForm
          key={data.order.id}
          order={data.order}
          pharmacies={data.pharmacies}
          products={data.products}
        />
      )}
    </RecordFormPage>
  );
}
