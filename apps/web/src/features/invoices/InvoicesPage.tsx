import { lazy } from 'react';
import { Link } from '@tanstack/react-router';
import { LuCircleCheck, LuCreditCard, LuFileText } from 'react-icons/lu';
import { INVOICE_STATUS_PALETTE, toCents } from '@pharm/validators';
import { ActionButton } from '../../components/ActionButton';
import { MoneyText } from '../../components/MoneyText';
import * as col from '../lists/columns';
import type { Column } from '../lists/ListRow';
import { ListScreen } from '../lists/ListScreen';
import { INVOICE_TABS } from '@pharm/validators/statuses';
import { emptyTabText, type InvoiceListItem } from './format';
import { invoicesList } from './list';
import { canMarkPaid, shownStatus } from './status';
import { useInvoiceActions, type InvoiceRowState } from './useInvoiceActions';

const InvoiceDetailsDialog = lazy(() =>
  import('./InvoiceDetailsDialog').then((m) => ({ default: m.InvoiceDetailsDialog })),
);

const COLUMNS: Column<InvoiceListItem, InvoiceRowState>[] = [
  col.numberColumn('Invoice #', (invoice) => invoice.invoiceNumber),
  col.pharmacyColumn,
  col.dateColumn('Date', (invoice) => invoice.invoiceDate),
  {
    ...col.dateColumn('Due Date', (invoice: InvoiceListItem) => invoice.dueDate),
    cellProps: (invoice) => ({
      color: shownStatus(invoice) === 'Overdue' ? 'red.600' : 'fg.muted',
      whiteSpace: 'nowrap',
      'data-testid': 'due-date',
    }),
  },
  col.amountColumn('Total', (invoice) => invoice.total),
  {
    label: 'Balance',
    end: true,
    cellProps: { 'data-testid': 'balance' },
    cell: (invoice) => (
      <MoneyText value={invoice.balance} highlightPositive={shownStatus(invoice) === 'Overdue'} />
    ),
  },
  col.statusColumn(INVOICE_STATUS_PALETTE, shownStatus),
  col.actionsColumn({ viewLabel: 'View details' }, (invoice, { state }) => (
    <>
      <col.EditAction to="/invoices/$id/edit" id={invoice.id} />
      {invoice.status !== 'Paid' && toCents(invoice.balance) > 0 ? (
        <ActionButton label="Record payment" color="blue.600" asChild>
          <Link to="/payments" search={{ record: invoice.id }}>
            <LuCreditCard />
          </Link>
        </ActionButton>
      ) : canMarkPaid(invoice) ? (
        <ActionButton
          label="Mark Paid"
          color="green.600"
          loading={state.marking}
          onClick={() => state.markPaid(invoice.id)}
        >
          <LuCircleCheck />
        </ActionButton>
      ) : (
        <col.ActionSpacer />
      )}
    </>
  )),
];

export function InvoicesPage() {
  const actions = useInvoiceActions();
  return (
    <ListScreen
      names={{ one: 'invoice', many: 'invoices' }}
      description="What your pharmacies were billed, what they paid and what they still owe."
      list={invoicesList}
      tabs={INVOICE_TABS}
      placeholder="Invoice # or pharmacy..."
      columns={COLUMNS}
      rowState={actions.rowState}
      empty={{
        icon: <LuFileText />,
        text: 'No invoices yet — create an order first.',
        tab: emptyTabText,
      }}
      details={(invoice, close) => (
        <InvoiceDetailsDialog invoice={invoice} onClose={close} actions={actions} />
      )}
      deleteMessage={(invoice) =>
        `Are you sure you want to delete invoice ${invoice.invoiceNumber}? This will also delete all associated payments. This action cannot be undone.`
      }
      refreshOnDelete={['invoices', 'payments', 'pharmacies']}
    />
  );
}
