import { createFileRoute } from '@tanstack/react-router';
import { NewOrderPage } from '../../../features/orders/OrderFormPage';

export const Route = createFileRoute('/_app/orders/new')({
  component: NewOrderPage,
});
