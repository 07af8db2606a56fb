import { memo, useState } from 'react';
import { Box, Button, Flex, Table, Tabs, Text } from '@chakra-ui/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import {
  LuEye,
  LuPackage,
  LuPencil,
  LuPlus,
  LuSearchX,
  LuToggleLeft,
  LuToggleRight,
} from 'react-icons/lu';
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
import { PageHeader } from '../../components/PageHeader';
import { isRefiltering, useDebouncedFilter } from '../../components/useDebouncedFilter';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { ActiveBadge } from './ActiveBadge';
import { CsvUploadButton } from './CsvUpload';
import { ImportButton } from './ImportButton';
import { ProductDetailsDialog } from './ProductDetailsDialog';
import { CATEGORY_TABS, findTab, type Product } from './types';

const routeApi = getRouteApi('/_app/products/');

export const PRODUCTS_PAGE_SIZE = 50;
const COLUMNS = 6;
const ALL = 'all';

export function ProductsPage() {
  const utils = trpc.useUtils();
  const navigate = routeApi.useNavigate();
  const search = routeApi.useSearch();
  const tab = findTab(search.tab);
  const { q, text, setText } = useDebouncedFilter(routeApi);
  const [viewing, setViewing] = useState<Product | null>(null);
  const pendingDelete = usePendingDelete<Product>();

  const list = trpc.products.list.useInfiniteQuery(
    { q, category: tab?.category, limit: PRODUCTS_PAGE_SIZE },
    {
      getNextPageParam: (last) => last.nextCursor,
      placeholderData: (previous) => previous,
    },
  );
  const { rows, loading } = useDeferredRows(list);

  const toggle = trpc.products.update.useMutation({
    onSuccess: async () => {
      notify.success('Product updated successfully');
      await utils.products.invalidate();
    },
    onError: (error) => notify.error('Error', `Failed to update product: ${errorMessage(error)}`),
  });

  const remove = trpc.products.delete.useMutation({
    onSuccess: async () => {
      pendingDelete.close();
      notify.success('Product deleted successfully');
      await utils.products.invalidate();
    },
    onError: (error) => {
      pendingDelete.close();
      notify.error('Error', `Failed to delete product: ${errorMessage(error)}`);
    },
  });

  return (
    <>
      <PageHeader
        title="Products"
        description="The catalogue and its variants."
        actions={
          <>
            <ImportButton />
            <CsvUploadButton />
            <Button variant="outline" colorPalette="gray" bg="bg.panel" asChild>
              <Link to="/products/new">
                <LuPlus /> New Variant
              </Link>
            </Button>
            <Button asChild>
              <Link to="/products/new">
                <LuPlus /> New Product
              </Link>
            </Button>
          </>
        }
      />

      <Tabs.Root
        value={tab?.param ?? ALL}
        onValueChange={(details) => {
          const next = details.value === ALL ? undefined : details.value;
          void navigate({ search: (prev) => ({ ...prev, tab: next }) });
        }}
        variant="enclosed"
        size="sm"
        activationMode="manual"
      >
        <Flex mb="4" gap="3" align="center" justify="space-between" wrap="wrap">
          <Box>
            <Tabs.List bg="bg.muted" data-testid="product-tabs">
              <Tabs.Trigger value={ALL}>All Products</Tabs.Trigger>
              {CATEGORY_TABS.map((t) => (
                <Tabs.Trigger key={t.param} value={t.param}>
                  {t.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          </Box>
          <FilterInput
            label="Filter products"
            placeholder="Filter by SKU or name..."
            text={text}
            onTextChange={setText}
            filtering={isRefiltering(list)}
            maxW={{ base: 'full', md: 'xs' }}
          />
        </Flex>

        {/* The list is the open tab's panel: each tab names the panel it controls. */}
        <Tabs.Content value={tab?.param ?? ALL} p="0">
          <ListTable
            dimmed={list.isPlaceholderData}
            interactive={rows.length > 0}
            data-testid="products-table"
          >
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader py="3">SKU</Table.ColumnHeader>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Category</Table.ColumnHeader>
                <Table.ColumnHeader>Variants</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Box as="span" srOnly>
                    Actions
                  </Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {loading ? (
                <SkeletonRows rows={5} columns={COLUMNS} />
              ) : list.isError ? (
                <ErrorRow
                  columns={COLUMNS}
                  message={`Failed to load products: ${errorMessage(list.error)}`}
                />
              ) : rows.length === 0 ? (
                q ? (
                  <EmptyRow columns={COLUMNS} icon={<LuSearchX />}>
                    No products match &quot;{q}&quot;.
                  </EmptyRow>
                ) : tab ? (
                  <EmptyRow columns={COLUMNS} icon={<LuPackage />}>
                    No {tab.category}s found.
                  </EmptyRow>
                ) : (
                  <EmptyRow columns={COLUMNS} icon={<LuPackage />}>
                    No products yet — add one or import variants.
                  </EmptyRow>
                )
              ) : (
                rows.map((product) => (
                  <ProductRow
                    key={product.id}
                    product={product}
                    toggling={toggle.isPending && toggle.variables?.id === product.id}
                    onView={setViewing}
                    onToggle={toggle.mutate}
                    onDelete={pendingDelete.ask}
                  />
                ))
              )}
            </Table.Body>
          </ListTable>

          <Flex justify="space-between" align="center" mt="4" minH="10">
            <Text textStyle="sm" color="fg.muted" data-testid="product-count">
              {!loading && rows.length > 0
                ? list.hasNextPage
                  ? `Showing first ${rows.length}`
                  : `${rows.length} ${rows.length === 1 ? 'product' : 'products'}`
                : null}
            </Text>
            {list.hasNextPage ? <LoadMoreButton list={list} /> : null}
          </Flex>
        </Tabs.Content>
      </Tabs.Root>

      <ProductDetailsDialog product={viewing} onClose={() => setViewing(null)} />

      <ConfirmDialog
        open={pendingDelete.open}
        onOpenChange={pendingDelete.setOpen}
        title="Delete product"
        message={
          pendingDelete.target
            ? `Are you sure you want to delete ${pendingDelete.target.name}? This will also remove all its variants. This action cannot be undone.`
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

/** A row of the list; memoised (see useDeferredRows). */
const ProductRow = memo(function ProductRow({
  product,
  toggling,
  onView,
  onToggle,
  onDelete,
}: {
  product: Product;
  /** Its activation change is in flight. */
  toggling: boolean;
  onView: (product: Product) => void;
  onToggle: (change: { id: number; data: { active: boolean } }) => void;
  onDelete: (product: Product) => void;
}) {
  return (
    <Table.Row data-testid={`product-row-${product.sku}`}>
      <Table.Cell fontFamily="mono" fontSize="12px" py="3" whiteSpace="nowrap" color="fg">
        {product.sku}
      </Table.Cell>
      <Table.Cell fontWeight="medium" color="fg" minW="48" whiteSpace="normal">
        {product.name}
      </Table.Cell>
      <Table.Cell color="fg.muted">{product.category}</Table.Cell>
      <Table.Cell
        data-testid="variant-count"
        color={product.variantCount ? 'fg' : 'fg.muted'}
        fontVariantNumeric="tabular-nums"
      >
        {product.variantCount ? product.variantCount : 'No variants'}
      </Table.Cell>
      <Table.Cell>
        <ActiveBadge active={product.active} />
      </Table.Cell>
      <RowActionsCell>
        <ActionButton label="View" onClick={() => onView(product)}>
          <LuEye />
        </ActionButton>
        <ActionButton label="Edit" asChild>
          <Link to="/products/$id/edit" params={{ id: product.id }}>
            <LuPencil />
          </Link>
        </ActionButton>
        <ActionButton
          label={product.active ? 'Deactivate' : 'Activate'}
          color={product.active ? 'green.600' : 'fg.subtle'}
          disabled={toggling}
          onClick={() => onToggle({ id: product.id, data: { active: !product.active } })}
        >
          {product.active ? <LuToggleRight /> : <LuToggleLeft />}
        </ActionButton>
        <DeleteActionButton onClick={() => onDelete(product)} />
      </RowActionsCell>
    </Table.Row>
  );
});
