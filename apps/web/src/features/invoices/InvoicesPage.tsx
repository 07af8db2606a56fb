import { lazy } from 'react';
import { Link } from '@tanstack/react-router';
import { LuCircleCheck, LuCreditCard } from 'react-icons/lu';
import { INVOICE_STATUS_PALETTE, toCents } from '@pharm/validators';
import { ActionButton } from '../../components/ActionButton';
import { EmailInvoiceButton } from '../emails/EmailActions';
import { MoneyText } from '../../components/MoneyText';
import * as col from '../lists/columns';
import type { Column } from '../lists/ListRow';
import { listPage } from '../lists/ListScreen';
import type { InvoiceListItem } from './format';
import { invoicesList } from './list';
import { canMarkPaid, shownStatus } from './status';
import { useInvoiceActions, type InvoiceRowState } from './useInvoiceActions';

const InvoiceDetailsDialog = lazy(() =>
  import('./InvoiceDetailsDialog').then((m) => ({ default: m.InvoiceDetailsDialog })),
);

const COLUMNS: Column<InvoiceListItem, InvoiceRowState>[] = [
  {
    ...col.numberColumn('Invoice #', 'invoice', (invoice) => invoice.invoiceNumber),
    sort: 'number',
  },
  { ...col.pharmacyColumn, sort: 'pharmacy' },
  { ...col.dateColumn('Date', (invoice) => invoice.invoiceDate), sort: 'date' },
  {
    ...col.dateColumn('Due Date', (invoice: InvoiceListItem) => invoice.dueDate),
    sort: 'dueDate',
    cellProps: (invoice) => ({
      color: shownStatus(invoice) === 'Overdue' ? 'red.600' : 'fg.muted',
      whiteSpace: 'nowrap',
      'data-testid': 'due-date',
    }),
  },
  { ...col.amountColumn('Total', (invoice) => invoice.total), sort: 'total' },
  {
    label: 'Balance',
    end: true,
    sort: 'balance',
    cellProps: { 'data-testid': 'balance' },
    cell: (invoice) => (
      <MoneyText value={invoice.balance} highlightPositive={shownStatus(invoice) === 'Overdue'} />
    ),
  },
  { ...col.statusColumn(INVOICE_STATUS_PALETTE, shownStatus), sort: 'status' },
  col.actionsColumn({ viewLabel: 'View details' }, (invoice, { state, can }) => (
    <>
      {can('emails.invoices') ? <EmailInvoiceButton invoice={invoice} icon /> : null}
      {can('invoices.write') ? <col.EditAction to="/invoices/$id/edit" id={invoice.id} /> : null}
      {!can('payments.write') ? (
        <col.ActionSpacer />
      ) : invoice.status !== 'Paid' && toCents(invoice.balance) > 0 ? (
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

export const InvoicesPage = listPage(invoicesList, {
  columns: COLUMNS,
  details: InvoiceDetailsDialog,
  useActions: useInvoiceActions,
});
