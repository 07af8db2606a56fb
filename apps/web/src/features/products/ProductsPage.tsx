import { lazy } from 'react';
import { Can } from '../auth/can';
import * as col from '../lists/columns';
import type { Column } from '../lists/ListRow';
import { listPage } from '../lists/ListScreen';
import { ActiveBadge } from './ActiveBadge';
import { ActiveToggle } from './ActiveToggle';
import { CsvUploadButton } from './CsvUpload';
import { ImportButton } from './ImportButton';
import { productsList } from './list';
import type { Product } from './types';

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
    phone: true,
    cellProps: { fontWeight: 'medium', color: 'fg', minW: { md: '48' }, whiteSpace: 'normal' },
    cell: (product, row) => <col.RowOpener onClick={row.view}>{product.name}</col.RowOpener>,
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
  { label: 'Status', phone: true, cell: (product) => <ActiveBadge active={product.active} /> },
  col.actionsColumn({ viewLabel: 'View', hidden: true }, (product, { can }) =>
    can('products.write') ? (
      <>
        <col.EditAction to="/products/$id/edit" id={product.id} />
        <ActiveToggle product={product} />
      </>
    ) : null,
  ),
];

export const ProductsPage = listPage(productsList, {
  columns: COLUMNS,
  details: ProductDetailsDialog,
  header: (
    <Can permission="products.write">
      <ImportButton />
      <CsvUploadButton />
    </Can>
  ),
});
