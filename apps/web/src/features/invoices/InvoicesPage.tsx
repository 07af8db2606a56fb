import { memo } from 'react';
import { Table } from '@chakra-ui/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { LuCircleCheck, LuCreditCard, LuEye, LuFileText } from 'react-icons/lu';
import { formatDate, INVOICE_STATUS_PALETTE, toCents } from '@pharm/validators';
import { ActionButton, DeleteActionButton } from '../../components/ActionButton';
import { MoneyText } from '../../components/MoneyText';
import { StatusBadge } from '../../components/StatusBadge';
import { trpc } from '../../lib/trpc';
import { RowActionsCell } from '../lists/DataTable';
import { ActionSpacer, EditAction, NumberCell, PharmacyCell } from '../lists/RowCells';
import type { ListColumn } from '../lists/ListPage';
import { ListScreen, type RowHandlers } from '../lists/ListScreen';
import { emptyTabText, INVOICE_LIST_TABS, type InvoiceListItem } from './format';
import { InvoiceDetailsDialog } from './InvoiceDetailsDialog';
import { invoicesList } from './list';
import { canMarkPaid, shownStatus } from './status';
import { useInvoiceActions } from './useInvoiceActions';

const routeApi = getRouteApi('/_app/invoices/');

const COLUMNS: ListColumn[] = [
  { label: 'Invoice #' },
  { label: 'Pharmacy' },
  { label: 'Date' },
  { label: 'Due Date' },
  { label: 'Total', end: true },
  { label: 'Balance', end: true },
  { label: 'Status' },
  { label: 'Actions', end: true },
];

export function InvoicesPage() {
  const params = routeApi.useSearch();
  const actions = useInvoiceActions();
  return (
    <ListScreen
      title="Invoices"
      description="What your pharmacies were billed, what they paid and what they still owe."
      exportPath="/api/invoices.csv"
      exportFilters={{ tab: params.tab }}
      newRecord={{ label: 'New Invoice', to: '/invoices/new' }}
      search={params}
      list={invoicesList(params)}
      tabs={{ list: INVOICE_LIST_TABS, testId: 'invoice-tabs' }}
      placeholder="Invoice # or pharmacy..."
      names={{ one: 'invoice', many: 'invoices' }}
      columns={COLUMNS}
      empty={{
        icon: <LuFileText />,
        text: params.tab ? emptyTabText(params.tab) : 'No invoices yet — create an order first.',
      }}
      row={(invoice, on) => (
        <InvoiceRow
          key={invoice.id}
          invoice={invoice}
          marking={actions.markingId === invoice.id}
          on={on}
          onMarkPaid={actions.markPaid}
        />
      )}
      details={(invoice, close) => (
        <InvoiceDetailsDialog invoice={invoice} onClose={close} actions={actions} />
      )}
      deletion={{
        message: (invoice) =>
          `Are you sure you want to delete invoice ${invoice.invoiceNumber}? This will also delete all associated payments. This action cannot be undone.`,
        procedure: trpc.invoices.delete,
        refresh: ['invoices', 'payments', 'pharmacies'],
      }}
    />
  );
}

interface InvoiceRowProps {
  invoice: InvoiceListItem;
  /** Its Mark Paid is in flight. */
  marking: boolean;
  on: RowHandlers<InvoiceListItem>;
  onMarkPaid: (id: number) => void;
}

/** A row of the list; memoised (see useDeferredRows). */
const InvoiceRow = memo(function InvoiceRow({ invoice, marking, on, onMarkPaid }: InvoiceRowProps) {
  const status = shownStatus(invoice);
  const payable = invoice.status !== 'Paid' && toCents(invoice.balance) > 0;
  return (
    <Table.Row data-testid={`invoice-row-${invoice.id}`}>
      <NumberCell onClick={() => on.view(invoice)}>{invoice.invoiceNumber}</NumberCell>
      <PharmacyCell name={invoice.pharmacy.name} />
      <Table.Cell color="fg.muted" whiteSpace="nowrap">
        {formatDate(invoice.invoiceDate)}
      </Table.Cell>
      <Table.Cell
        color={status === 'Overdue' ? 'red.600' : 'fg.muted'}
        whiteSpace="nowrap"
        data-testid="due-date"
      >
        {formatDate(invoice.dueDate)}
      </Table.Cell>
      <Table.Cell textAlign="end" fontWeight="medium">
        <MoneyText value={invoice.total} />
      </Table.Cell>
      <Table.Cell textAlign="end" data-testid="balance">
        <MoneyText value={invoice.balance} highlightPositive={status === 'Overdue'} />
      </Table.Cell>
      <Table.Cell>
        <StatusBadge status={status} colors={INVOICE_STATUS_PALETTE} />
      </Table.Cell>
      <RowActionsCell>
        <ActionButton label="View details" onClick={() => on.view(invoice)}>
          <LuEye />
        </ActionButton>
        <EditAction to="/invoices/$id/edit" id={invoice.id} />
        {payable ? (
          <ActionButton label="Record payment" color="blue.600" asChild>
            <Link to="/payments" search={{ record: invoice.id }}>
              <LuCreditCard />
            </Link>
          </ActionButton>
        ) : canMarkPaid(invoice) ? (
          <ActionButton
            label="Mark Paid"
            color="green.600"
            loading={marking}
            onClick={() => onMarkPaid(invoice.id)}
          >
            <LuCircleCheck />
          </ActionButton>
        ) : (
          <ActionSpacer />
        )}
        <DeleteActionButton onClick={() => on.remove(invoice)} />
      </RowActionsCell>
    </Table.Row>
  );
});
