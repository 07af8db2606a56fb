import { memo } from 'react';
import { Table } from '@chakra-ui/react';
import { getRouteApi } from '@tanstack/react-router';
import { LuCircleCheck, LuDownload, LuEye, LuSend, LuShoppingCart } from 'react-icons/lu';
import {
  formatDate,
  ORDER_STATUS_PALETTE,
  ORDER_TRANSITIONS,
  type OrderStatus,
} from '@pharm/validators';
import { ActionButton, DeleteActionButton } from '../../components/ActionButton';
import { MoneyText } from '../../components/MoneyText';
import { StatusBadge } from '../../components/StatusBadge';
import { trpc } from '../../lib/trpc';
import { RowActionsCell } from '../lists/DataTable';
import { ActionSpacer, EditAction, NumberCell, PharmacyCell } from '../lists/RowCells';
import type { ListColumn } from '../lists/ListPage';
import { ListScreen, type RowHandlers } from '../lists/ListScreen';
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
  const params = routeApi.useSearch();
  const actions = useOrderActions();
  return (
    <ListScreen
      title="Orders"
      description="Purchase orders from your pharmacies, from draft to fulfilment."
      exportPath="/api/orders.csv"
      exportFilters={{ status: tabStatus(params.tab ?? 'all') }}
      newRecord={{ label: 'New Order', to: '/orders/new' }}
      search={params}
      list={ordersList(params)}
      tabs={{ list: ORDER_TABS, testId: 'order-tabs' }}
      placeholder="Order # or pharmacy..."
      names={{ one: 'order', many: 'orders' }}
      columns={COLUMNS}
      empty={{
        icon: <LuShoppingCart />,
        text: params.tab
          ? `No ${params.tab} orders found.`
          : 'No orders yet — click New Order to get started.',
      }}
      row={(order, on) => (
        <OrderRow
          key={order.id}
          order={order}
          changing={actions.changingId === order.id}
          downloading={actions.downloadingId === order.id}
          on={on}
          onDownload={actions.download}
          onChangeStatus={actions.changeStatus}
        />
      )}
      details={(order, close) => (
        <OrderDetailsDialog order={order} onClose={close} actions={actions} />
      )}
      deletion={{
        message: (order) =>
          `Are you sure you want to delete order ${order.orderNumber}? This action cannot be undone.`,
        procedure: trpc.orders.delete,
        refresh: ['orders'],
      }}
    >
      {actions.holdDialog}
    </ListScreen>
  );
}

interface OrderRowProps {
  order: OrderListItem;
  /** Its status change is in flight. */
  changing: boolean;
  /** Its PDF is being downloaded. */
  downloading: boolean;
  on: RowHandlers<OrderListItem>;
  onDownload: (order: OrderListItem) => Promise<void>;
  onChangeStatus: (id: number, status: OrderStatus) => void;
}

/** A row of the list; memoised (see useDeferredRows). */
const OrderRow = memo(function OrderRow({
  order,
  changing,
  downloading,
  on,
  onDownload,
  onChangeStatus,
}: OrderRowProps) {
  // The row's quick actions are the moves the shared rules allow from its status.
  const canSend = ORDER_TRANSITIONS[order.status].includes('Sent');
  const canFulfil = ORDER_TRANSITIONS[order.status].includes('Fulfilled');
  return (
    <Table.Row data-testid={`order-row-${order.id}`}>
      <NumberCell onClick={() => on.view(order)}>{order.orderNumber}</NumberCell>
      <PharmacyCell name={order.pharmacy.name} />
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
        <ActionButton label="View details" onClick={() => on.view(order)}>
          <LuEye />
        </ActionButton>
        <ActionButton
          label="Download PDF"
          loading={downloading}
          onClick={() => void onDownload(order)}
        >
          <LuDownload />
        </ActionButton>
        <EditAction to="/orders/$id/edit" id={order.id} />
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
        {!canSend && !canFulfil ? <ActionSpacer /> : null}
        <DeleteActionButton onClick={() => on.remove(order)} />
      </RowActionsCell>
    </Table.Row>
  );
});
