import { createFileRoute } from '@tanstack/react-router';
import { newOrderSearch } from '../../../features/orders/list';
import { NewOrderPage } from '../../../features/orders/OrderFormPage';

export const Route = createFileRoute('/_app/orders/new')({
  validateSearch: newOrderSearch,
  component: NewOrderPage,
});
