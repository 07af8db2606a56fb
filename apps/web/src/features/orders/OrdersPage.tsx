import { lazy } from 'react';
import { LuDownload } from 'react-icons/lu';
import { ORDER_STATUS_PALETTE } from '@pharm/validators';
import { ActionButton } from '../../components/ActionButton';
import * as col from '../lists/columns';
import type { Column } from '../lists/ListRow';
import { listPage } from '../lists/ListScreen';
import { itemsLabel, type OrderListItem } from './format';
import { ordersList } from './list';
import { nextMove } from './moves';
import { useOrderActions, type OrderRowState } from './useOrderActions';

const OrderDetailsDialog = lazy(() =>
  import('./OrderDetailsDialog').then((m) => ({ default: m.OrderDetailsDialog })),
);

const COLUMNS: Column<OrderListItem, OrderRowState>[] = [
  { ...col.numberColumn('Order #', 'order', (order) => order.orderNumber), sort: 'number' },
  { ...col.pharmacyColumn, sort: 'pharmacy' },
  { ...col.dateColumn('Date', (order) => order.orderDate), sort: 'date' },
  col.mutedColumn('Items', (order) => itemsLabel(order.itemCount), { whiteSpace: 'nowrap' }),
  { ...col.amountColumn('Total', (order) => order.total), sort: 'total' },
  { ...col.statusColumn(ORDER_STATUS_PALETTE, (order) => order.status), sort: 'status' },
  col.actionsColumn({ viewLabel: 'View details' }, (order, { state, can }) => {
    const move = can('orders.write') ? nextMove(order.status) : undefined;
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
