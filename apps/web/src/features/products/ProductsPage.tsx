import { lazy } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { LuPackage, LuToggleLeft, LuToggleRight } from 'react-icons/lu';
import { ActionButton } from '../../components/ActionButton';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import * as col from '../lists/columns';
import type { Column } from '../lists/ListRow';
import { ListScreen } from '../lists/ListScreen';
import { ActiveBadge } from './ActiveBadge';
import { CsvUploadButton } from './CsvUpload';
import { ImportButton } from './ImportButton';
import { productsList } from './list';
import { findTab, PRODUCT_LIST_TABS, type Product } from './types';

const routeApi = getRouteApi('/_app/products/');
const ProductDetailsDialog = lazy(() =>
  import('./ProductDetailsDialog').then((m) => ({ default: m.ProductDetailsDialog })),
);

interface RowState {
  toggling: boolean;
  toggle: (change: { id: number; data: { active: boolean } }) => void;
}

const COLUMNS: Column<Product, RowState>[] = [
  {
    label: 'SKU',
    cellProps: { fontFamily: 'mono', fontSize: '12px', whiteSpace: 'nowrap', color: 'fg' },
    cell: (product) => product.sku,
  },
  {
    label: 'Name',
    cellProps: { fontWeight: 'medium', color: 'fg', minW: '48', whiteSpace: 'normal' },
    cell: (product) => product.name,
  },
  col.mutedColumn('Category', (product) => product.category),
  {
    label: 'Variants',
    cellProps: (product) => ({
      'data-testid': 'variant-count',
      color: product.variantCount ? 'fg' : 'fg.muted',
      fontVariantNumeric: 'tabular-nums',
    }),
    cell: (product) => (product.variantCount ? product.variantCount : 'No variants'),
  },
  { label: 'Status', cell: (product) => <ActiveBadge active={product.active} /> },
  col.actionsColumn({ viewLabel: 'View', hidden: true }, (product, { state }) => (
    <>
      <col.EditAction to="/products/$id/edit" id={product.id} />
      <ActionButton
        label={product.active ? 'Deactivate' : 'Activate'}
        color={product.active ? 'green.600' : 'fg.subtle'}
        disabled={state.toggling}
        onClick={() => state.toggle({ id: product.id, data: { active: !product.active } })}
      >
        {product.active ? <LuToggleRight /> : <LuToggleLeft />}
      </ActionButton>
    </>
  )),
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
      rowState={(product) => ({
        toggling: toggle.isPending && toggle.variables?.id === product.id,
        toggle: toggle.mutate,
      })}
      rowTestId={(product) => `product-row-${product.sku}`}
      empty={{
        icon: <LuPackage />,
        text: tab ? `No ${tab.category}s found.` : 'No products yet — add one or import variants.',
      }}
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
