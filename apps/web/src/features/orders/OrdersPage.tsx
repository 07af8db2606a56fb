import { memo, useState } from 'react';
import { Box, Button, Flex, Table, Tabs, Text } from '@chakra-ui/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import {
  LuCircleCheck,
  LuDownload,
  LuEye,
  LuPencil,
  LuPlus,
  LuSearchX,
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
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { usePendingDelete } from '../../components/usePendingDelete';
import {
  EmptyRow,
  ErrorRow,
  ListTable,
  LoadMoreButton,
  RowActionsCell,
  SkeletonRows,
  useDeferredRows,
} from '../../components/DataTable';
import { FilterInput } from '../../components/FilterInput';
import { MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { isRefiltering, useDebouncedFilter } from '../../components/useDebouncedFilter';
import { StatusBadge } from '../../components/StatusBadge';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { itemsLabel, ORDER_TABS, tabStatus, type OrderListItem, type OrderTab } from './format';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { useOrderActions } from './useOrderActions';

const routeApi = getRouteApi('/_app/orders/');

type OrdersTab = Exclude<OrderTab, 'all'>;

export const ORDERS_PAGE_SIZE = 50;
const COLUMNS = 7;

function emptyText(tab: OrderTab, q: string | undefined) {
  if (q) return { icon: <LuSearchX />, text: `No orders match "${q}".` };
  if (tab === 'all')
    return { icon: <LuShoppingCart />, text: 'No orders yet — click New Order to get started.' };
  return { icon: <LuShoppingCart />, text: `No ${tab} orders found.` };
}

export function OrdersPage() {
  const utils = trpc.useUtils();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const tab: OrderTab = search.tab ?? 'all';
  const { q, text, setText } = useDebouncedFilter(routeApi);
  const [viewing, setViewing] = useState<OrderListItem | null>(null);
  const pendingDelete = usePendingDelete<OrderListItem>();
  const actions = useOrderActions();

  const status = tabStatus(tab);
  const list = trpc.orders.list.useInfiniteQuery(
    { q, status, limit: ORDERS_PAGE_SIZE },
    {
      getNextPageParam: (last) => last.nextCursor,
      // While the filter text changes the old rows stay (dimmed); a new tab shows skeleton rows
      // rather than rows of another status.
      placeholderData: (previous, previousQuery) =>
        (previousQuery?.queryKey[1] as { input?: { status?: string } } | undefined)?.input
          ?.status === status
          ? previous
          : undefined,
    },
  );
  const { rows, loading } = useDeferredRows(list);

  const remove = trpc.orders.delete.useMutation({
    onSuccess: async () => {
      pendingDelete.close();
      notify.success('Order deleted successfully');
      await utils.orders.invalidate();
    },
    onError: (error) => {
      pendingDelete.close();
      notify.error('Error', `Failed to delete order: ${errorMessage(error)}`);
    },
  });

  const empty = emptyText(tab, q);

  return (
    <>
      <PageHeader
        title="Orders"
        description="Purchase orders from your pharmacies, from draft to fulfilment."
        actions={
          <Button asChild>
            <Link to="/orders/new">
              <LuPlus /> New Order
            </Link>
          </Button>
        }
      />

      <Tabs.Root
        value={tab}
        onValueChange={(details) =>
          void navigate({
            search: (prev) => ({
              ...prev,
              tab: details.value === 'all' ? undefined : (details.value as OrdersTab),
            }),
          })
        }
        variant="enclosed"
        size="sm"
      >
        <Flex
          mb="4"
          gap="3"
          align={{ base: 'stretch', md: 'center' }}
          justify="space-between"
          direction={{ base: 'column', md: 'row' }}
        >
          <Box>
            <Tabs.List bg="bg.muted" rounded="lg" p="1">
              {ORDER_TABS.map((item) => (
                <Tabs.Trigger
                  key={item.value}
                  value={item.value}
                  px="3.5"
                  data-testid={`tab-${item.value}`}
                >
                  {item.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          </Box>
          <FilterInput
            label="Filter orders"
            placeholder="Order # or pharmacy..."
            text={text}
            onTextChange={setText}
            filtering={isRefiltering(list)}
            maxW={{ base: 'full', md: 'xs' }}
          />
        </Flex>

        {/* The list is the open tab's panel: each tab names the panel it controls. */}
        <Tabs.Content value={tab} p="0">
          <ListTable
            dimmed={list.isPlaceholderData}
            interactive={rows.length > 0}
            data-testid="orders-table"
          >
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader py="3">Order #</Table.ColumnHeader>
                <Table.ColumnHeader>Pharmacy</Table.ColumnHeader>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Items</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {loading ? (
                <SkeletonRows rows={5} columns={COLUMNS} />
              ) : list.isError ? (
                <ErrorRow
                  columns={COLUMNS}
                  message={`Failed to load orders: ${errorMessage(list.error)}`}
                />
              ) : rows.length === 0 ? (
                <EmptyRow columns={COLUMNS} icon={empty.icon}>
                  {empty.text}
                </EmptyRow>
              ) : (
                rows.map((order) => (
                  <OrderRow
                    key={order.id}
                    order={order}
                    changing={actions.changingId === order.id}
                    downloading={actions.downloadingId === order.id}
                    onView={setViewing}
                    onDownload={actions.download}
                    onChangeStatus={actions.changeStatus}
                    onDelete={pendingDelete.ask}
                  />
                ))
              )}
            </Table.Body>
          </ListTable>

          {list.hasNextPage ? (
            <Flex justify="center" mt="5">
              <LoadMoreButton list={list} />
            </Flex>
          ) : null}
        </Tabs.Content>
      </Tabs.Root>

      <OrderDetailsDialog order={viewing} onClose={() => setViewing(null)} actions={actions} />

      <ConfirmDialog
        open={pendingDelete.open}
        onOpenChange={pendingDelete.setOpen}
        title="Delete order"
        message={
          pendingDelete.target
            ? `Are you sure you want to delete order ${pendingDelete.target.orderNumber}? This action cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => {
          if (pendingDelete.target) remove.mutate({ id: pendingDelete.target.id });
        }}
      />
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
