import { PRODUCT_SORTS, type ProductSort } from '@pharm/validators/sorts';
import { api } from '../../lib/api';
import { defineList, LIST_PAGE_SIZE, listPaging, type ListSearch } from '../lists/route';
import { findTab, PRODUCT_LIST_TABS } from './types';

export const productsList = defineList({
  names: { one: 'product', many: 'products' },
  description: 'The catalogue and its variants.',
  tabs: PRODUCT_LIST_TABS,
  placeholder: 'Filter by SKU or name...',
  count: { below: true },
  newRecord: [
    { label: 'New Variant', to: '/products/new', outline: true },
    { label: 'New Product', to: '/products/new' },
  ],
  rowTestId: (product) => `product-row-${product.sku}`,
  empty: {
    text: 'No products yet — add one or import variants.',
    tab: (tab) => `No ${findTab(tab)?.category}s found.`,
  },
  permissions: { write: 'products.write', remove: 'products.write' },
  deleteMessage: (product) =>
    `Are you sure you want to delete ${product.name}? This will also remove all its variants. This action cannot be undone.`,
  sorts: PRODUCT_SORTS,
  query: ({ q, tab, sort, order }: ListSearch<string, ProductSort>) =>
    api.products.list.infiniteQueryOptions(
      { q, category: findTab(tab)?.category, sort, order, limit: LIST_PAGE_SIZE },
      listPaging,
    ),
});
