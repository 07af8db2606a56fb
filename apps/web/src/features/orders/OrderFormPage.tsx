import { loadAll, RecordFormPage } from '../../components/RecordFormPage';
import { trpc } from '../../lib/trpc';
import { DocumentFormSkeleton } from '../documents/DocumentFormSkeleton';
import { OrderForm } from './OrderForm';

const back = { to: '/orders', label: 'Back to Orders' } as const;

/** Placeholders in the form's shape while the order, pharmacies and products load. */
const skeleton = (
  <DocumentFormSkeleton spans={[3, 1, 2, 3]} summaryWidth="300px" summaryRows={4} lines={3} />
);

/** The pickers' data, loaded before the form so saved lines find their category and product. */
function useFormOptions() {
  return {
    pharmacies: trpc.pharmacies.options.useQuery(),
    products: trpc.products.options.useQuery(),
  };
}

export function NewOrderPage() {
  const options = useFormOptions();
  return (
    <RecordFormPage
      back={back}
      title="New Order"
      description="Create a purchase order for a pharmacy."
      load={loadAll(options)}
      loadError="Failed to load the order form"
      skeleton={skeleton}
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
      load={loadAll({ order, ...options })}
      loadError="Failed to load order"
      skeleton={skeleton}
    >
      {(data) => <OrderForm key={data.order.id} {...data} />}
    </RecordFormPage>
  );
}
