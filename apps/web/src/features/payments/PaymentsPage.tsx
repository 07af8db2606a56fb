import { lazy } from 'react';
import { LuPencil } from 'react-icons/lu';
import { ActionButton } from '../../components/ActionButton';
import * as col from '../lists/columns';
import type { Column } from '../lists/ListRow';
import { listPage } from '../lists/ListScreen';
import type { PaymentListItem } from './format';
import { paymentsList } from './list';
import { usePaymentActions, type PaymentRowState } from './usePaymentActions';

const PaymentDetailsDialog = lazy(() =>
  import('./PaymentDetailsDialog').then((m) => ({ default: m.PaymentDetailsDialog })),
);

const COLUMNS: Column<PaymentListItem, PaymentRowState>[] = [
  {
    ...col.numberColumn('Payment #', 'payment', (payment) => payment.paymentNumber),
    sort: 'number',
  },
  {
    label: 'Invoice #',
    cellProps: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
    cell: (payment) => payment.invoice?.invoiceNumber ?? '',
  },
  { ...col.pharmacyColumn, sort: 'pharmacy' },
  { ...col.dateColumn('Date', (payment) => payment.date), sort: 'date' },
  { ...col.amountColumn('Amount', (payment) => payment.amount), sort: 'amount' },
  col.mutedColumn('Method', (payment) => payment.method),
  col.mutedColumn('Reference', (payment) => payment.reference, { whiteSpace: 'normal' }),
  col.actionsColumn({ viewLabel: 'View details' }, (payment, { state, can }) =>
    can('payments.write') ? (
      <ActionButton label="Edit" onClick={() => state.edit(payment)}>
        <LuPencil />
      </ActionButton>
    ) : null,
  ),
];

export const PaymentsPage = listPage(paymentsList, {
  columns: COLUMNS,
  details: PaymentDetailsDialog,
  useActions: usePaymentActions,
});
