import { memo, useCallback, useEffect, useState } from 'react';
import { Table } from '@chakra-ui/react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { LuCreditCard, LuEye, LuPencil } from 'react-icons/lu';
import { formatDate } from '@pharm/validators';
import { ActionButton, DeleteActionButton } from '../../components/ActionButton';
import { MoneyText } from '../../components/MoneyText';
import { EMPTY } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import { RowActionsCell } from '../lists/DataTable';
import { NumberCell, PharmacyCell } from '../lists/RowCells';
import type { ListColumn } from '../lists/ListPage';
import { ListScreen, type RowHandlers } from '../lists/ListScreen';
import type { PaymentListItem } from './format';
import { paymentsList } from './list';
import { PaymentDetailsDialog } from './PaymentDetailsDialog';
import { PaymentDialog, type PaymentDialogTarget } from './PaymentDialog';

const routeApi = getRouteApi('/_app/payments/');

const COLUMNS: ListColumn[] = [
  { label: 'Payment #' },
  { label: 'Invoice #' },
  { label: 'Pharmacy' },
  { label: 'Date' },
  { label: 'Amount', end: true },
  { label: 'Method' },
  { label: 'Reference' },
  { label: 'Actions', end: true },
];

export function PaymentsPage() {
  const navigate = useNavigate();
  const params = routeApi.useSearch();
  const [dialog, setDialog] = useState<PaymentDialogTarget | null>(null);
  // Stable, for the memoised rows.
  const editPayment = useCallback(
    (payment: PaymentListItem) => setDialog({ mode: 'edit', payment }),
    [],
  );

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
      title="Payments"
      description="Money received from your pharmacies, against their invoices."
      exportPath="/api/payments.csv"
      newRecord={{ label: 'Record Payment', onClick: () => setDialog({ mode: 'record' }) }}
      search={params}
      list={paymentsList(params)}
      placeholder="Payment #, invoice # or pharmacy..."
      names={{ one: 'payment', many: 'payments' }}
      count={{ testId: 'payments-count' }}
      columns={COLUMNS}
      empty={{ icon: <LuCreditCard />, text: 'No payments recorded yet.' }}
      row={(payment, on) => (
        <PaymentRow key={payment.id} payment={payment} on={on} onEdit={editPayment} />
      )}
      details={(payment, close) => (
        <PaymentDetailsDialog
          payment={payment}
          onClose={close}
          onEdit={(shown) => {
            close();
            editPayment(shown);
          }}
        />
      )}
      deletion={{
        message: (payment) =>
          `Are you sure you want to delete payment ${payment.paymentNumber}? The invoice's balance goes back up by its amount. This action cannot be undone.`,
        procedure: trpc.payments.delete,
        refresh: ['payments', 'invoices', 'pharmacies'],
      }}
    >
      <PaymentDialog target={dialog} onClose={() => setDialog(null)} />
    </ListScreen>
  );
}

interface PaymentRowProps {
  payment: PaymentListItem;
  on: RowHandlers<PaymentListItem>;
  onEdit: (payment: PaymentListItem) => void;
}

/** A row of the list; memoised (see useDeferredRows). */
const PaymentRow = memo(function PaymentRow({ payment, on, onEdit }: PaymentRowProps) {
  return (
    <Table.Row data-testid={`payment-row-${payment.id}`}>
      <NumberCell onClick={() => on.view(payment)}>{payment.paymentNumber}</NumberCell>
      <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
        {payment.invoice.invoiceNumber}
      </Table.Cell>
      <PharmacyCell name={payment.pharmacy.name} />
      <Table.Cell color="fg.muted" whiteSpace="nowrap">
        {formatDate(payment.date)}
      </Table.Cell>
      <Table.Cell textAlign="end" fontWeight="medium">
        <MoneyText value={payment.amount} />
      </Table.Cell>
      <Table.Cell color="fg.muted">{payment.method}</Table.Cell>
      <Table.Cell color="fg.muted" whiteSpace="normal">
        {payment.reference || EMPTY}
      </Table.Cell>
      <RowActionsCell>
        <ActionButton label="View details" onClick={() => on.view(payment)}>
          <LuEye />
        </ActionButton>
        <ActionButton label="Edit" onClick={() => onEdit(payment)}>
          <LuPencil />
        </ActionButton>
        <DeleteActionButton onClick={() => on.remove(payment)} />
      </RowActionsCell>
    </Table.Row>
  );
});
