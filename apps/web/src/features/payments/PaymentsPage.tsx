import { memo, useCallback, useEffect, useState } from 'react';
import { Button, Table, Text } from '@chakra-ui/react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { LuCreditCard, LuEye, LuPencil, LuPlus } from 'react-icons/lu';
import { formatDate } from '@pharm/validators';
import { ActionButton, DeleteActionButton } from '../../components/ActionButton';
import { MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { EMPTY } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import { RowActionsCell } from '../lists/DataTable';
import {
  ListCount,
  ListFilter,
  ListToolbar,
  ListView,
  useDeleteConfirmation,
  useInfiniteList,
  type ListColumn,
} from '../lists/ListPage';
import { useListSearch } from '../lists/useListSearch';
import { ExportCsvButton } from '../lists/ExportCsvButton';
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
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const params = routeApi.useSearch();
  const search = useListSearch(params);
  const list = useInfiniteList(paymentsList(params));
  const [viewing, setViewing] = useState<PaymentListItem | null>(null);
  const [dialog, setDialog] = useState<PaymentDialogTarget | null>(null);
  // Stable, for the memoised rows.
  const editPayment = useCallback(
    (payment: PaymentListItem) => setDialog({ mode: 'edit', payment }),
    [],
  );
  const deletion = useDeleteConfirmation<PaymentListItem>({
    entity: 'payment',
    message: (payment) =>
      `Are you sure you want to delete payment ${payment.paymentNumber}? The invoice's balance goes back up by its amount. This action cannot be undone.`,
    mutation: trpc.payments.delete.useMutation(),
    invalidate: async () => {
      await Promise.all([
        utils.payments.invalidate(),
        utils.invoices.invalidate(),
        utils.pharmacies.invalidate(),
      ]);
    },
  });

  // "Record payment" on an invoice links here with ?record={invoiceId}: the dialog opens on it,
  // and the param goes so that closing the dialog, or a reload, does not open it again.
  const { record } = params;
  useEffect(() => {
    if (record === undefined) return;
    setDialog({ mode: 'record', invoiceId: record });
    void navigate({ to: '.', search: (prev) => ({ ...prev, record: undefined }), replace: true });
  }, [record, navigate]);

  return (
    <>
      <PageHeader
        title="Payments"
        description="Money received from your pharmacies, against their invoices."
        actions={
          <>
            <ExportCsvButton path="/api/payments.csv" filters={{ q: params.q }} />
            <Button onClick={() => setDialog({ mode: 'record' })}>
              <LuPlus /> Record Payment
            </Button>
          </>
        }
      />
      <ListToolbar
        start={
          <ListFilter
            search={search}
            list={list}
            label="Filter payments"
            placeholder="Payment #, invoice # or pharmacy..."
          />
        }
        end={<ListCount list={list} one="payment" many="payments" testId="payments-count" />}
      />
      <ListView
        list={list}
        columns={COLUMNS}
        plural="payments"
        q={search.q}
        empty={{ icon: <LuCreditCard />, text: 'No payments recorded yet.' }}
        row={(payment) => (
          <PaymentRow
            key={payment.id}
            payment={payment}
            onView={setViewing}
            onEdit={editPayment}
            onDelete={deletion.ask}
          />
        )}
      />
      <PaymentDetailsDialog
        payment={viewing}
        onClose={() => setViewing(null)}
        onEdit={(payment) => {
          setViewing(null);
          editPayment(payment);
        }}
      />
      <PaymentDialog target={dialog} onClose={() => setDialog(null)} />
      {deletion.dialog}
    </>
  );
}

interface PaymentRowProps {
  payment: PaymentListItem;
  onView: (payment: PaymentListItem) => void;
  onEdit: (payment: PaymentListItem) => void;
  onDelete: (payment: PaymentListItem) => void;
}

/** A row of the list; memoised (see useDeferredRows). */
const PaymentRow = memo(function PaymentRow({
  payment,
  onView,
  onEdit,
  onDelete,
}: PaymentRowProps) {
  return (
    <Table.Row data-testid={`payment-row-${payment.id}`}>
      <Table.Cell py="3" whiteSpace="nowrap">
        <Text
          as="button"
          fontWeight="semibold"
          color="brand.fg"
          fontVariantNumeric="tabular-nums"
          cursor="pointer"
          _hover={{ textDecoration: 'underline' }}
          onClick={() => onView(payment)}
        >
          {payment.paymentNumber}
        </Text>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
        {payment.invoice.invoiceNumber}
      </Table.Cell>
      <Table.Cell color="fg" minW="40" whiteSpace="normal">
        {payment.pharmacy.name}
      </Table.Cell>
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
        <ActionButton label="View details" onClick={() => onView(payment)}>
          <LuEye />
        </ActionButton>
        <ActionButton label="Edit" onClick={() => onEdit(payment)}>
          <LuPencil />
        </ActionButton>
        <DeleteActionButton onClick={() => onDelete(payment)} />
      </RowActionsCell>
    </Table.Row>
  );
});
