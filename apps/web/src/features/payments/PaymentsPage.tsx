import { lazy, useCallback, useEffect, useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { LuCreditCard, LuPencil } from 'react-icons/lu';
import { ActionButton } from '../../components/ActionButton';
import * as col from '../lists/columns';
import type { Column } from '../lists/ListRow';
import { ListScreen } from '../lists/ListScreen';
import type { PaymentListItem } from './format';
import { paymentsList } from './list';
import { PaymentDialog, type PaymentDialogTarget } from './PaymentDialog';

const routeApi = getRouteApi('/_app/payments/');
const PaymentDetailsDialog = lazy(() =>
  import('./PaymentDetailsDialog').then((m) => ({ default: m.PaymentDetailsDialog })),
);

type RowState = { edit: (payment: PaymentListItem) => void };

const COLUMNS: Column<PaymentListItem, RowState>[] = [
  col.numberColumn('Payment #', (payment) => payment.paymentNumber),
  {
    label: 'Invoice #',
    cellProps: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
    cell: (payment) => payment.invoice.invoiceNumber,
  },
  col.pharmacyColumn,
  col.dateColumn('Date', (payment) => payment.date),
  col.amountColumn('Amount', (payment) => payment.amount),
  col.mutedColumn('Method', (payment) => payment.method),
  col.mutedColumn('Reference', (payment) => payment.reference, { whiteSpace: 'normal' }),
  col.actionsColumn({ viewLabel: 'View details' }, (payment, { state }) => (
    <ActionButton label="Edit" onClick={() => state.edit(payment)}>
      <LuPencil />
    </ActionButton>
  )),
];

export function PaymentsPage() {
  const navigate = useNavigate();
  const params = routeApi.useSearch();
  const [dialog, setDialog] = useState<PaymentDialogTarget | null>(null);
  // Stable, for the memoised rows.
  const edit = useCallback((payment: PaymentListItem) => setDialog({ mode: 'edit', payment }), []);

  // "Record payment" on an invoice links here with ?record={invoiceId}: the dialog opens on it,
  // and the param goes so that closing the dialog, or a reload, does not open it again.
  const { record } = params;
  useEffect(() => {
    if (record === undefined) return;
    setDialog({ mode: 'record', invoiceId: record });
    void navigate({ to: '.', search: (prev) => ({ ...prev, record: undefined }), replace: true });
  }, [record, navigate]);

  return (
    <ListScreen
      names={{ one: 'payment', many: 'payments' }}
      description="Money received from your pharmacies, against their invoices."
      newRecord={{ label: 'Record Payment', onClick: () => setDialog({ mode: 'record' }) }}
      list={paymentsList}
      placeholder="Payment #, invoice # or pharmacy..."
      count={{ testId: 'payments-count' }}
      columns={COLUMNS}
      rowState={() => ({ edit })}
      empty={{ icon: <LuCreditCard />, text: 'No payments recorded yet.' }}
      details={(payment, close) => (
        <PaymentDetailsDialog
          payment={payment}
          onClose={close}
          onEdit={(shown) => {
            close();
            edit(shown);
          }}
        />
      )}
      deleteMessage={(payment) =>
        `Are you sure you want to delete payment ${payment.paymentNumber}? The invoice's balance goes back up by its amount. This action cannot be undone.`
      }
      refreshOnDelete={['payments', 'invoices', 'pharmacies']}
    >
      <PaymentDialog target={dialog} onClose={() => setDialog(null)} />
    </ListScreen>
  );
}
