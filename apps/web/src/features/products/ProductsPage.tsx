import { lazy } from 'react';
import { LuPackage } from 'react-icons/lu';
import * as col from '../lists/columns';
import type { Column } from '../lists/ListRow';
import { ListScreen } from '../lists/ListScreen';
import { ActiveBadge } from './ActiveBadge';
import { ActiveToggle } from './ActiveToggle';
import { CsvUploadButton } from './CsvUpload';
import { ImportButton } from './ImportButton';
import { productsList } from './list';
import { findTab, PRODUCT_LIST_TABS, type Product } from './types';

const ProductDetailsDialog = lazy(() =>
  import('./ProductDetailsDialog').then((m) => ({ default: m.ProductDetailsDialog })),
);

const COLUMNS: Column<Product>[] = [
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
  col.actionsColumn({ viewLabel: 'View', hidden: true }, (product) => (
    <>
      <col.EditAction to="/products/$id/edit" id={product.id} />
      <ActiveToggle product={product} />
    </>
  )),
];

export function ProductsPage() {
  return (
    <ListScreen
      names={{ one: 'product', many: 'products' }}
      description="The catalogue and its variants."
      actions={
        <>
          <ImportButton />
          <CsvUploadButton />
        </>
      }
      newRecord={[
        { label: 'New Variant', to: '/products/new', outline: true },
        { label: 'New Product', to: '/products/new' },
      ]}
      list={productsList}
      tabs={PRODUCT_LIST_TABS}
      placeholder="Filter by SKU or name..."
      count={{ below: true }}
      columns={COLUMNS}
      rowTestId={(product) => `product-row-${product.sku}`}
      empty={{
        icon: <LuPackage />,
        text: 'No products yet — add one or import variants.',
        tab: (tab) => `No ${findTab(tab)?.category}s found.`,
      }}
      details={(product, close) => <ProductDetailsDialog product={product} onClose={close} />}
      deleteMessage={(product) =>
        `Are you sure you want to delete ${product.name}? This will also remove all its variants. This action cannot be undone.`
      }
    />
  );
}
