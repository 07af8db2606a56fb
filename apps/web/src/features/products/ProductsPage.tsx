import { memo } from 'react';
import { Table } from '@chakra-ui/react';
import { getRouteApi } from '@tanstack/react-router';
import { LuEye, LuPackage, LuToggleLeft, LuToggleRight } from 'react-icons/lu';
import { ActionButton, DeleteActionButton } from '../../components/ActionButton';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { RowActionsCell } from '../lists/DataTable';
import { EditAction } from '../lists/RowCells';
import type { ListColumn } from '../lists/ListPage';
import { ListScreen, type RowHandlers } from '../lists/ListScreen';
import { ActiveBadge } from './ActiveBadge';
import { CsvUploadButton } from './CsvUpload';
import { ImportButton } from './ImportButton';
import { productsList } from './list';
import { ProductDetailsDialog } from './ProductDetailsDialog';
import { findTab, PRODUCT_LIST_TABS, type Product } from './types';

const routeApi = getRouteApi('/_app/products/');

const COLUMNS: ListColumn[] = [
  { label: 'SKU' },
  { label: 'Name' },
  { label: 'Category' },
  { label: 'Variants' },
  { label: 'Status' },
  { label: 'Actions', end: true, hidden: true },
];

export function ProductsPage() {
  const utils = trpc.useUtils();
  const params = routeApi.useSearch();
  const tab = findTab(params.tab);
  const toggle = trpc.products.update.useMutation({
    onSuccess: async () => {
      notify.success('Product updated successfully');
      await utils.products.invalidate();
    },
    onError: (error) => notify.error('Error', `Failed to update product: ${errorMessage(error)}`),
  });

  return (
    <ListScreen
      title="Products"
      description="The catalogue and its variants."
      actions={
        <>
          <ImportButton />
          <CsvUploadButton />
        </>
      }
      exportPath="/api/products.csv"
      exportFilters={{ category: tab?.category }}
      newRecord={[
        { label: 'New Variant', to: '/products/new', outline: true },
        { label: 'New Product', to: '/products/new' },
      ]}
      search={params}
      list={productsList(params)}
      tabs={{ list: PRODUCT_LIST_TABS, testId: 'product-tabs' }}
      placeholder="Filter by SKU or name..."
      names={{ one: 'product', many: 'products' }}
      count={{ testId: 'product-count', below: true }}
      columns={COLUMNS}
      empty={{
        icon: <LuPackage />,
        text: tab ? `No ${tab.category}s found.` : 'No products yet — add one or import variants.',
      }}
      row={(product, on) => (
        <ProductRow
          key={product.id}
          product={product}
          toggling={toggle.isPending && toggle.variables?.id === product.id}
          on={on}
          onToggle={toggle.mutate}
        />
      )}
      details={(product, close) => <ProductDetailsDialog product={product} onClose={close} />}
      deletion={{
        message: (product) =>
          `Are you sure you want to delete ${product.name}? This will also remove all its variants. This action cannot be undone.`,
        procedure: trpc.products.delete,
        refresh: ['products'],
      }}
    />
  );
}

/** A row of the list; memoised (see useDeferredRows). */
const ProductRow = memo(function ProductRow({
  product,
  toggling,
  on,
  onToggle,
}: {
  product: Product;
  /** Its activation change is in flight. */
  toggling: boolean;
  on: RowHandlers<Product>;
  onToggle: (change: { id: number; data: { active: boolean } }) => void;
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
        <ActionButton label="View" onClick={() => on.view(product)}>
          <LuEye />
        </ActionButton>
        <EditAction to="/products/$id/edit" id={product.id} />
        <ActionButton
          label={product.active ? 'Deactivate' : 'Activate'}
          color={product.active ? 'green.600' : 'fg.subtle'}
          disabled={toggling}
          onClick={() => onToggle({ id: product.id, data: { active: !product.active } })}
        >
          {product.active ? <LuToggleRight /> : <LuToggleLeft />}
        </ActionButton>
        <DeleteActionButton onClick={() => on.remove(product)} />
      </RowActionsCell>
    </Table.Row>
  );
});
