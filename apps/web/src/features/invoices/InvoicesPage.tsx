import { memo, useState } from 'react';
import { Box, Button, Table, Text } from '@chakra-ui/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { LuCircleCheck, LuCreditCard, LuEye, LuFileText, LuPencil, LuPlus } from 'react-icons/lu';
import { formatDate, INVOICE_STATUS_PALETTE, toCents } from '@pharm/validators';
import { ActionButton, DeleteActionButton } from '../../components/ActionButton';
import { MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { trpc } from '../../lib/trpc';
import { RowActionsCell } from '../lists/DataTable';
import {
  ListFilter,
  ListTabs,
  ListView,
  useDeleteConfirmation,
  useInfiniteList,
  type ListColumn,
} from '../lists/ListPage';
import { useListSearch } from '../lists/useListSearch';
import { ExportCsvButton } from '../lists/ExportCsvButton';
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
  const utils = trpc.useUtils();
  const params = routeApi.useSearch();
  const search = useListSearch(params);
  const list = useInfiniteList(invoicesList(params));
  const [viewing, setViewing] = useState<InvoiceListItem | null>(null);
  const actions = useInvoiceActions();
  const deletion = useDeleteConfirmation<InvoiceListItem>({
    entity: 'invoice',
    message: (invoice) =>
      `Are you sure you want to delete invoice ${invoice.invoiceNumber}? This will also delete all associated payments. This action cannot be undone.`,
    mutation: trpc.invoices.delete.useMutation(),
    invalidate: async () => {
      await Promise.all([
        utils.invoices.invalidate(),
        utils.payments.invalidate(),
        utils.pharmacies.invalidate(),
      ]);
    },
  });

  return (
    <>
      <PageHeader
        title="Invoices"
        description="What your pharmacies were billed, what they paid and what they still owe."
        actions={
          <>
            <ExportCsvButton path="/api/invoices.csv" filters={{ q: params.q, tab: params.tab }} />
            <Button asChild>
              <Link to="/invoices/new">
                <LuPlus /> New Invoice
              </Link>
            </Button>
          </>
        }
      />
      <ListTabs
        tabs={INVOICE_LIST_TABS}
        search={search}
        testId="invoice-tabs"
        filter={
          <ListFilter
            search={search}
            list={list}
            label="Filter invoices"
            placeholder="Invoice # or pharmacy..."
          />
        }
      >
        <ListView
          list={list}
          columns={COLUMNS}
          plural="invoices"
          q={search.q}
          empty={{
            icon: <LuFileText />,
            text: params.tab
              ? emptyTabText(params.tab)
              : 'No invoices yet — create an order first.',
          }}
          row={(invoice) => (
            <InvoiceRow
              key={invoice.id}
              invoice={invoice}
              marking={actions.markingId === invoice.id}
              onView={setViewing}
              onMarkPaid={actions.markPaid}
              onDelete={deletion.ask}
            />
          )}
        />
      </ListTabs>
      <InvoiceDetailsDialog invoice={viewing} onClose={() => setViewing(null)} actions={actions} />
      {deletion.dialog}
    </>
  );
}

interface InvoiceRowProps {
  invoice: InvoiceListItem;
  /** Its Mark Paid is in flight. */
  marking: boolean;
  onView: (invoice: InvoiceListItem) => void;
  onMarkPaid: (id: number) => void;
  onDelete: (invoice: InvoiceListItem) => void;
}

/** A row of the list; memoised (see useDeferredRows). */
const InvoiceRow = memo(function InvoiceRow({
  invoice,
  marking,
  onView,
  onMarkPaid,
  onDelete,
}: InvoiceRowProps) {
  const status = shownStatus(invoice);
  const payable = invoice.status !== 'Paid' && toCents(invoice.balance) > 0;
  return (
    <Table.Row data-testid={`invoice-row-${invoice.id}`}>
      <Table.Cell py="3" whiteSpace="nowrap">
        <Text
          as="button"
          fontWeight="semibold"
          color="brand.fg"
          fontVariantNumeric="tabular-nums"
          cursor="pointer"
          _hover={{ textDecoration: 'underline' }}
          onClick={() => onView(invoice)}
        >
          {invoice.invoiceNumber}
        </Text>
      </Table.Cell>
      <Table.Cell color="fg" minW="40" whiteSpace="normal">
        {invoice.pharmacy.name}
      </Table.Cell>
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
        <ActionButton label="View details" onClick={() => onView(invoice)}>
          <LuEye />
        </ActionButton>
        <ActionButton label="Edit" asChild>
          <Link to="/invoices/$id/edit" params={{ id: invoice.id }}>
            <LuPencil />
          </Link>
        </ActionButton>
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
          // Keeps the delete button in the same column on every row.
          <Box w="8" flexShrink={0} aria-hidden="true" />
        )}
        <DeleteActionButton onClick={() => onDelete(invoice)} />
      </RowActionsCell>
    </Table.Row>
  );
});
