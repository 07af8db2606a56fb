import { memo, useState } from 'react';
import { Button, Table } from '@chakra-ui/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { LuEye, LuPackage, LuPencil, LuPlus, LuToggleLeft, LuToggleRight } from 'react-icons/lu';
import { ActionButton, DeleteActionButton } from '../../components/ActionButton';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { RowActionsCell } from '../lists/DataTable';
import {
  ListCount,
  ListTabs,
  ListView,
  ListFilter,
  useDeleteConfirmation,
  useInfiniteList,
  type ListColumn,
} from '../lists/ListPage';
import { useListSearch } from '../lists/useListSearch';
import { ExportCsvButton } from '../lists/ExportCsvButton';
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
  const search = useListSearch(params);
  const list = useInfiniteList(productsList(params));
  const tab = findTab(params.tab);
  const [viewing, setViewing] = useState<Product | null>(null);
  const deletion = useDeleteConfirmation<Product>({
    entity: 'product',
    message: (product) =>
      `Are you sure you want to delete ${product.name}? This will also remove all its variants. This action cannot be undone.`,
    mutation: trpc.products.delete.useMutation(),
    invalidate: () => utils.products.invalidate(),
  });

  const toggle = trpc.products.update.useMutation({
    onSuccess: async () => {
      notify.success('Product updated successfully');
      await utils.products.invalidate();
    },
    onError: (error) => notify.error('Error', `Failed to update product: ${errorMessage(error)}`),
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
            <ExportCsvButton
              path="/api/products.csv"
              filters={{ q: params.q, category: tab?.category }}
            />
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
      <ListTabs
        tabs={PRODUCT_LIST_TABS}
        search={search}
        testId="product-tabs"
        filter={
          <ListFilter
            search={search}
            list={list}
            label="Filter products"
            placeholder="Filter by SKU or name..."
          />
        }
      >
        <ListView
          list={list}
          columns={COLUMNS}
          plural="products"
          q={search.q}
          empty={{
            icon: <LuPackage />,
            text: tab
              ? `No ${tab.category}s found.`
              : 'No products yet — add one or import variants.',
          }}
          row={(product) => (
            <ProductRow
              key={product.id}
              product={product}
              toggling={toggle.isPending && toggle.variables?.id === product.id}
              onView={setViewing}
              onToggle={toggle.mutate}
              onDelete={deletion.ask}
            />
          )}
          footerStart={
            <ListCount list={list} one="product" many="products" testId="product-count" />
          }
        />
      </ListTabs>
      <ProductDetailsDialog product={viewing} onClose={() => setViewing(null)} />
      {deletion.dialog}
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
