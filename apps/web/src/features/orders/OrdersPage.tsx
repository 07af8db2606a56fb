import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import {
  Box,
  Button,
  CloseButton,
  Flex,
  HStack,
  IconButton,
  Input,
  InputGroup,
  Spinner,
  Table,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import {
  LuCircleCheck,
  LuDownload,
  LuEye,
  LuPencil,
  LuPlus,
  LuSearch,
  LuSearchX,
  LuSend,
  LuShoppingCart,
  LuTrash2,
} from 'react-icons/lu';
import { formatDate } from '@pharm/validators';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyRow, ErrorRow, SkeletonRows, TableCard } from '../../components/DataTable';
import { MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { Tooltip } from '../../components/ui/tooltip';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { itemsLabel, ORDER_STATUS_COLORS, ORDER_TABS, tabStatus, type OrderListItem, type OrderTab } from './format';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { useOrderActions } from './useOrderActions';

const routeApi = getRouteApi('/_app/orders/');

type OrdersTab = Exclude<OrderTab, 'all'>;

export const ORDERS_PAGE_SIZE = 50;
const FILTER_DEBOUNCE_MS = 250;
const COLUMNS = 7;

/** The filter box: typing updates the route's `q` search param after 250 ms. */
function useDebouncedFilter() {
  const { q } = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const [text, setText] = useState(q ?? '');
  const [syncedQ, setSyncedQ] = useState(q);

  // The URL changed from outside (a link, back/forward): show its filter.
  if (q !== syncedQ) {
    setSyncedQ(q);
    if ((text.trim() || undefined) !== q) setText(q ?? '');
  }

  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === q) return;
    const timer = setTimeout(() => {
      void navigate({ search: (prev) => ({ ...prev, q: next }), replace: true });
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, navigate]);

  return { q, text, setText };
}

function ActionButton({
  label,
  children,
  ...props
}: { label: string; children: ReactNode } & ComponentProps<typeof IconButton>) {
  return (
    <Tooltip content={label}>
      <IconButton aria-label={label} variant="ghost" size="xs" color="fg.muted" {...props}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

function emptyText(tab: OrderTab, q: string | undefined) {
  if (q) return { icon: <LuSearchX />, text: `No orders match "${q}".` };
  if (tab === 'all') return { icon: <LuShoppingCart />, text: 'No orders yet — click New Order to get started.' };
  return { icon: <LuShoppingCart />, text: `No ${tab} orders found.` };
}

export function OrdersPage() {
  const utils = trpc.useUtils();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const tab: OrderTab = search.tab ?? 'all';
  const { q, text, setText } = useDebouncedFilter();
  const [viewing, setViewing] = useState<OrderListItem | null>(null);
  const [deleting, setDeleting] = useState<OrderListItem | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const actions = useOrderActions();

  const status = tabStatus(tab);
  const list = trpc.orders.list.useInfiniteQuery(
    { q, status, limit: ORDERS_PAGE_SIZE },
    {
      getNextPageParam: (last) => last.nextCursor,
      // While the filter text changes the old rows stay (dimmed); a new tab shows skeleton rows
      // rather than rows of another status.
      placeholderData: (previous, previousQuery) =>
        (previousQuery?.queryKey[1] as { input?: { status?: string } } | undefined)?.input?.status === status
          ? previous
          : undefined,
    },
  );
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];

  const remove = trpc.orders.delete.useMutation({
    onSuccess: async () => {
      setConfirmOpen(false);
      notify.success('Order deleted successfully');
      await utils.orders.invalidate();
    },
    onError: (error) => {
      setConfirmOpen(false);
      notify.error('Error', `Failed to delete order: ${errorMessage(error)}`);
    },
  });

  const filtering =
    list.isPlaceholderData || (list.isFetching && !list.isFetchingNextPage && !list.isPending);
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

      <Flex mb="4" gap="3" align={{ base: 'stretch', md: 'center' }} justify="space-between" direction={{ base: 'column', md: 'row' }}>
        <Tabs.Root
          value={tab}
          onValueChange={(details) =>
            void navigate({
              search: (prev) => ({ ...prev, tab: details.value === 'all' ? undefined : (details.value as OrdersTab) }),
            })
          }
          variant="enclosed"
          size="sm"
        >
          <Tabs.List bg="bg.muted" rounded="lg" p="1">
            {ORDER_TABS.map((item) => (
              <Tabs.Trigger key={item.value} value={item.value} px="3.5" data-testid={`tab-${item.value}`}>
                {item.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Tabs.Root>
        <InputGroup
          maxW={{ base: 'full', md: 'xs' }}
          startElement={<LuSearch />}
          endElement={
            filtering ? (
              <Spinner size="xs" color="fg.muted" />
            ) : text ? (
              <CloseButton size="xs" aria-label="Clear filter" onClick={() => setText('')} me="-2" />
            ) : undefined
          }
        >
          <Input
            name="q"
            type="search"
            aria-label="Filter orders"
            placeholder="Order # or pharmacy..."
            value={text}
            onChange={(event) => setText(event.target.value)}
            bg="bg.panel"
            autoComplete="off"
          />
        </InputGroup>
      </Flex>

      <TableCard opacity={list.isPlaceholderData ? 0.7 : 1} transition="opacity 120ms">
        <Table.Root
          size="sm"
          fontSize="13px"
          interactive={rows.length > 0}
          data-testid="orders-table"
          css={{
            '& td, & th': { paddingInline: '0.625rem' },
            '& td:first-of-type, & th:first-of-type': { paddingInlineStart: '1rem' },
            '& td:last-of-type, & th:last-of-type': { paddingInlineEnd: '0.75rem' },
          }}
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
            {list.isPending ? (
              <SkeletonRows rows={5} columns={COLUMNS} />
            ) : list.isError ? (
              <ErrorRow columns={COLUMNS} message={`Failed to load orders: ${errorMessage(list.error)}`} />
            ) : rows.length === 0 ? (
              <EmptyRow columns={COLUMNS} icon={empty.icon}>
                {empty.text}
              </EmptyRow>
            ) : (
              rows.map((order) => (
                <Table.Row key={order.id} data-testid={`order-row-${order.id}`}>
                  <Table.Cell py="3" whiteSpace="nowrap">
                    <Text
                      as="button"
                      fontWeight="semibold"
                      color="brand.fg"
                      fontVariantNumeric="tabular-nums"
                      cursor="pointer"
                      _hover={{ textDecoration: 'underline' }}
                      onClick={() => setViewing(order)}
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
                    <StatusBadge status={order.status} colors={ORDER_STATUS_COLORS} />
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap" py="1.5">
                    <HStack gap="0.5" justify="flex-end">
                      <ActionButton label="View details" onClick={() => setViewing(order)}>
                        <LuEye />
                      </ActionButton>
                      <ActionButton
                        label="Download PDF"
                        loading={actions.downloadingId === order.id}
                        onClick={() => void actions.download(order)}
                      >
                        <LuDownload />
                      </ActionButton>
                      <ActionButton label="Edit" asChild>
                        <Link to="/orders/$id/edit" params={{ id: order.id }}>
                          <LuPencil />
                        </Link>
                      </ActionButton>
                      {order.status === 'Draft' ? (
                        <ActionButton
                          label="Send"
                          color="blue.600"
                          loading={actions.changingId === order.id}
                          onClick={() => actions.changeStatus(order.id, 'Sent')}
                        >
                          <LuSend />
                        </ActionButton>
                      ) : null}
                      {order.status === 'Sent' ? (
                        <ActionButton
                          label="Mark as fulfilled"
                          color="green.600"
                          loading={actions.changingId === order.id}
                          onClick={() => actions.changeStatus(order.id, 'Fulfilled')}
                        >
                          <LuCircleCheck />
                        </ActionButton>
                      ) : null}
                      {order.status !== 'Draft' && order.status !== 'Sent' ? (
                        // Keeps the delete button in the same column on every row.
                        <Box w="8" flexShrink={0} aria-hidden="true" />
                      ) : null}
                      <ActionButton
                        label="Delete"
                        _hover={{ color: 'red.600', bg: 'red.subtle' }}
                        onClick={() => {
                          setDeleting(order);
                          setConfirmOpen(true);
                        }}
                      >
                        <LuTrash2 />
                      </ActionButton>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table.Root>
      </TableCard>

      {list.hasNextPage ? (
        <Flex justify="center" mt="5">
          <Button
            variant="outline"
            colorPalette="gray"
            bg="bg.panel"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            loadingText="Loading..."
          >
            Load more
          </Button>
        </Flex>
      ) : null}

      <OrderDetailsDialog order={viewing} onClose={() => setViewing(null)} actions={actions} />

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Delete order"
        message={
          deleting
            ? `Are you sure you want to delete order ${deleting.orderNumber}? This action cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate({ id: deleting.id });
        }}
      />
    </>
  );
}
