import { memo, useState } from 'react';
import { Box, Button, Table, Text } from '@chakra-ui/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import {
  LuCircleCheck,
  LuDownload,
  LuEye,
  LuPencil,
  LuPlus,
  LuSend,
  LuShoppingCart,
} from 'react-icons/lu';
import {
  formatDate,
  ORDER_STATUS_PALETTE,
  ORDER_TRANSITIONS,
  type OrderStatus,
} from '@pharm/validators';
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
import { itemsLabel, ORDER_TABS, tabStatus, type OrderListItem } from './format';
import { ordersList } from './list';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { useOrderActions } from './useOrderActions';

const routeApi = getRouteApi('/_app/orders/');

const COLUMNS: ListColumn[] = [
  { label: 'Order #' },
  { label: 'Pharmacy' },
  { label: 'Date' },
  { label: 'Items', end: true },
  { label: 'Total', end: true },
  { label: 'Status' },
  { label: 'Actions', end: true },
];

export function OrdersPage() {
  const utils = trpc.useUtils();
  const params = routeApi.useSearch();
  const search = useListSearch(params);
  const list = useInfiniteList(ordersList(params));
  const [viewing, setViewing] = useState<OrderListItem | null>(null);
  const actions = useOrderActions();
  const deletion = useDeleteConfirmation<OrderListItem>({
    entity: 'order',
    message: (order) =>
      `Are you sure you want to delete order ${order.orderNumber}? This action cannot be undone.`,
    mutation: trpc.orders.delete.useMutation(),
    invalidate: () => utils.orders.invalidate(),
  });

  return (
    <>
      <PageHeader
        title="Orders"
        description="Purchase orders from your pharmacies, from draft to fulfilment."
        actions={
          <>
            <ExportCsvButton
              path="/api/orders.csv"
              filters={{ q: params.q, status: tabStatus(params.tab ?? 'all') }}
            />
            <Button asChild>
              <Link to="/orders/new">
                <LuPlus /> New Order
              </Link>
            </Button>
          </>
        }
      />
      <ListTabs
        tabs={ORDER_TABS}
        search={search}
        testId="order-tabs"
        filter={
          <ListFilter
            search={search}
            list={list}
            label="Filter orders"
            placeholder="Order # or pharmacy..."
          />
        }
      >
        <ListView
          list={list}
          columns={COLUMNS}
          plural="orders"
          q={search.q}
          empty={{
            icon: <LuShoppingCart />,
            text: params.tab
              ? `No ${params.tab} orders found.`
              : 'No orders yet — click New Order to get started.',
          }}
          row={(order) => (
            <OrderRow
              key={order.id}
              order={order}
              changing={actions.changingId === order.id}
              downloading={actions.downloadingId === order.id}
              onView={setViewing}
              onDownload={actions.download}
              onChangeStatus={actions.changeStatus}
              onDelete={deletion.ask}
            />
          )}
        />
      </ListTabs>
      <OrderDetailsDialog order={viewing} onClose={() => setViewing(null)} actions={actions} />
      {actions.holdDialog}
      {deletion.dialog}
    </>
  );
}

interface OrderRowProps {
  order: OrderListItem;
  /** Its status change is in flight. */
  changing: boolean;
  /** Its PDF is being downloaded. */
  downloading: boolean;
  onView: (order: OrderListItem) => void;
  onDownload: (order: OrderListItem) => Promise<void>;
  onChangeStatus: (id: number, status: OrderStatus) => void;
  onDelete: (order: OrderListItem) => void;
}

/** A row of the list; memoised (see useDeferredRows). */
const OrderRow = memo(function OrderRow({
  order,
  changing,
  downloading,
  onView,
  onDownload,
  onChangeStatus,
  onDelete,
}: OrderRowProps) {
  // The row's quick actions are the moves the shared rules allow from its status.
  const canSend = ORDER_TRANSITIONS[order.status].includes('Sent');
  const canFulfil = ORDER_TRANSITIONS[order.status].includes('Fulfilled');
  return (
    <Table.Row data-testid={`order-row-${order.id}`}>
      <Table.Cell py="3" whiteSpace="nowrap">
        <Text
          as="button"
          fontWeight="semibold"
          color="brand.fg"
          fontVariantNumeric="tabular-nums"
          cursor="pointer"
          _hover={{ textDecoration: 'underline' }}
          onClick={() => onView(order)}
        >
          {order.orderNumber}
        </Text>
      </Table.Cell>
      <Table.Cell color="fg" minW="40" whiteSpace="normal">
        {order.pharmacy.name}
      </Table.Cell>
      <Table.Cell color="fg.muted" whiteSpace="nowrap">
        {formatDate(order.orderDate)}
      </Table.Cell>
      <Table.Cell color="fg.muted" textAlign="end" whiteSpace="nowrap">
        {itemsLabel(order.itemCount)}
      </Table.Cell>
      <Table.Cell textAlign="end" fontWeight="medium">
        <MoneyText value={order.total} />
      </Table.Cell>
      <Table.Cell>
        <StatusBadge status={order.status} colors={ORDER_STATUS_PALETTE} />
      </Table.Cell>
      <RowActionsCell>
        <ActionButton label="View details" onClick={() => onView(order)}>
          <LuEye />
        </ActionButton>
        <ActionButton
          label="Download PDF"
          loading={downloading}
          onClick={() => void onDownload(order)}
        >
          <LuDownload />
        </ActionButton>
        <ActionButton label="Edit" asChild>
          <Link to="/orders/$id/edit" params={{ id: order.id }}>
            <LuPencil />
          </Link>
        </ActionButton>
        {canSend ? (
          <ActionButton
            label="Send"
            color="blue.600"
            loading={changing}
            onClick={() => onChangeStatus(order.id, 'Sent')}
          >
            <LuSend />
          </ActionButton>
        ) : null}
        {canFulfil ? (
          <ActionButton
            label="Mark as fulfilled"
            color="green.600"
            loading={changing}
            onClick={() => onChangeStatus(order.id, 'Fulfilled')}
          >
            <LuCircleCheck />
          </ActionButton>
        ) : null}
        {!canSend && !canFulfil ? (
          // Keeps the delete button in the same column on every row.
          <Box w="8" flexShrink={0} aria-hidden="true" />
        ) : null}
        <DeleteActionButton onClick={() => onDelete(order)} />
      </RowActionsCell>
    </Table.Row>
  );
});
