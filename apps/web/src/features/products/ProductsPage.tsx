import { lazy } from 'react';
import { MoneyText } from '../../components/MoneyText';
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
    sort: 'sku',
    cellProps: { fontFamily: 'mono', fontSize: '12px', whiteSpace: 'nowrap', color: 'fg' },
    cell: (product) => product.sku,
  },
  {
    label: 'Name',
    phone: true,
    sort: 'name',
    cellProps: { fontWeight: 'medium', color: 'fg', minW: { md: '48' }, whiteSpace: 'normal' },
    cell: (product) => (
      <col.RowLink kind="product" id={product.id}>
        {product.name}
      </col.RowLink>
    ),
  },
  col.mutedColumn('Category', (product) => product.category),
  {
    label: 'Price',
    end: true,
    sort: 'price',
    cellProps: { fontVariantNumeric: 'tabular-nums' },
    cell: (product) => <MoneyText value={product.defaultPrice} />,
  },
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
