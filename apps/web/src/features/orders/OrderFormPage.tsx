import { trpc } from '../../lib/trpc';
import { documentFormPages } from '../documents/documentFormPages';
import { OrderForm } from './OrderForm';

/** The products, loaded before the form so that saved lines find their category and product. */
function useFormOptions() {
  return { products: trpc.products.options.useQuery() };
}

export const { NewPage: NewOrderPage, EditPage: EditOrderPage } = documentFormPages('Order', {
  useRecord: (id: number) => trpc.orders.get.useQuery({ id }),
  number: (order) => order.orderNumber,
  useOptions: useFormOptions,
  form: (options, order) => <OrderForm {...options} order={order} />,
});
