import { lazy } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { LuCircleCheck, LuDownload, LuSend, LuShoppingCart } from 'react-icons/lu';
import { ORDER_STATUS_PALETTE, ORDER_TRANSITIONS } from '@pharm/validators';
import { ActionButton } from '../../components/ActionButton';
import { trpc } from '../../lib/trpc';
import * as col from '../lists/columns';
import type { Column } from '../lists/ListRow';
import { ListScreen } from '../lists/ListScreen';
import { itemsLabel, ORDER_TABS, tabStatus, type OrderListItem } from './format';
import { ordersList } from './list';
import { useOrderActions } from './useOrderActions';

const routeApi = getRouteApi('/_app/orders/');
const OrderDetailsDialog = lazy(() =>
  import('./OrderDetailsDialog').then((m) => ({ default: m.OrderDetailsDialog })),
);

// A row's quick move: the one of these the shared rules allow from its status.
const MOVES = [
  { status: 'Sent', label: 'Send', color: 'blue.600', icon: <LuSend /> },
  { status: 'Fulfilled', label: 'Mark as fulfilled', color: 'green.600', icon: <LuCircleCheck /> },
] as const;

type RowState = Pick<ReturnType<typeof useOrderActions>, 'download' | 'changeStatus'> & {
  changing: boolean;
  downloading: boolean;
};

const COLUMNS: Column<OrderListItem, RowState>[] = [
  col.numberColumn('Order #', (order) => order.orderNumber),
  col.pharmacyColumn,
  col.dateColumn('Date', (order) => order.orderDate),
  col.mutedColumn('Items', (order) => itemsLabel(order.itemCount), { whiteSpace: 'nowrap' }),
  col.amountColumn('Total', (order) => order.total),
  col.statusColumn(ORDER_STATUS_PALETTE, (order) => order.status),
  col.actionsColumn({ viewLabel: 'View details' }, (order, { state }) => {
    const move = MOVES.find((next) => ORDER_TRANSITIONS[order.status].includes(next.status));
    return (
      <>
        <ActionButton
          label="Download PDF"
          loading={state.downloading}
          onClick={() => void state.download(order)}
        >
          <LuDownload />
        </ActionButton>
        <col.EditAction to="/orders/$id/edit" id={order.id} />
        {move ? (
          <ActionButton
            label={move.label}
            color={move.color}
            loading={state.changing}
            onClick={() => void state.changeStatus(order.id, move.status)}
          >
            {move.icon}
          </ActionButton>
        ) : (
          <col.ActionSpacer />
        )}
      </>
    );
  }),
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
      rowState={(order) => ({
        changing: actions.changingId === order.id,
        downloading: actions.downloadingId === order.id,
        download: actions.download,
        changeStatus: actions.changeStatus,
      })}
      empty={{
        icon: <LuShoppingCart />,
        text: params.tab
          ? `No ${params.tab} orders found.`
          : 'No orders yet — click New Order to get started.',
      }}
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
