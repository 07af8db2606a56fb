import { createFileRoute } from '@tanstack/react-router';
import { listLoader } from '../../../features/lists/route';
import { paymentsList, paymentsSearch } from '../../../features/payments/list';
import { PaymentsPage } from '../../../features/payments/PaymentsPage';

export const Route = createFileRoute('/_app/payments/')({
  validateSearch: paymentsSearch,
  loaderDeps: ({ search }) => ({ ...search, record: undefined }),
  loader: listLoader(paymentsList.query),
  component: PaymentsPage,
});
