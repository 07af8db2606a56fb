import { recordFormPages } from '../../components/RecordFormPage';
import { trpc } from '../../lib/trpc';
import { DocumentFormSkeleton } from '../documents/DocumentFormSkeleton';
import { OrderForm } from './OrderForm';

/**
 * The pickers' data, loaded before the form so saved lines find their category and product.
 */
function useFormOptions() {
  return {
    pharmacies: trpc.pharmacies.options.useQuery(),
    products: trpc.products.options.useQuery(),
  };
}

export const { NewPage: NewOrderPage, EditPage: EditOrderPage } = recordFormPages({
  name: 'Order',
  back: { to: '/orders', label: 'Back to Orders' },
  newDescription: 'Create a purchase order for a pharmacy.',
  editDescription: (order) =>
    order
      ? `${order.orderNumber} · ${order.pharmacy.name}`
      : 'Update the order and its line items.',
  useRecord: (id: number) => trpc.orders.get.useQuery({ id }),
  useOptions: useFormOptions,
  skeleton: (
    <DocumentFormSkeleton spans={[3, 1, 2, 3]} summaryWidth="300px" summaryRows={4} lines={3} />
  ),
  form: (options, order) => <OrderForm {...options} order={order} />,
});
