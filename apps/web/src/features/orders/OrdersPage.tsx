import { lazy } from 'react';
import { LuCircleCheck, LuDownload, LuSend } from 'react-icons/lu';
import { ORDER_STATUS_PALETTE, ORDER_TRANSITIONS } from '@pharm/validators';
import { ActionButton } from '../../components/ActionButton';
import * as col from '../lists/columns';
import type { Column } from '../lists/ListRow';
import { listPage } from '../lists/ListScreen';
import { itemsLabel, type OrderListItem } from './format';
import { ordersList } from './list';
import { useOrderActions, type OrderRowState } from './useOrderActions';

const OrderDetailsDialog = lazy(() =>
  import('./OrderDetailsDialog').then((m) => ({ default: m.OrderDetailsDialog })),
);

// A row's quick move: the one of these the shared rules allow from its status.
const MOVES = [
  { status: 'Sent', label: 'Send', color: 'blue.600', icon: <LuSend /> },
  { status: 'Fulfilled', label: 'Mark as fulfilled', color: 'green.600', icon: <LuCircleCheck /> },
] as const;

const COLUMNS: Column<OrderListItem, OrderRowState>[] = [
  col.numberColumn('Order #', (order) => order.orderNumber),
  col.pharmacyColumn,
  col.dateColumn('Date', (order) => order.orderDate),
  col.mutedColumn('Items', (order) => itemsLabel(order.itemCount), { whiteSpace: 'nowrap' }),
  col.amountColumn('Total', (order) => order.total),
  col.statusColumn(ORDER_STATUS_PALETTE, (order) => order.status),
  col.actionsColumn({ viewLabel: 'View details' }, (order, { state, can }) => {
    const move = can('orders.write')
      ? MOVES.find((next) => ORDER_TRANSITIONS[order.status].includes(next.status))
      : undefined;
    return (
      <>
        <ActionButton
          label="Download PDF"
          loading={state.downloading}
          onClick={() => void state.download(order)}
        >
          <LuDownload />
        </ActionButton>
        {can('orders.write') ? <col.EditAction to="/orders/$id/edit" id={order.id} /> : null}
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

export const OrdersPage = listPage(ordersList, {
  columns: COLUMNS,
  details: OrderDetailsDialog,
  useActions: useOrderActions,
});
