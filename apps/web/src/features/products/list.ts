import { api } from '../../lib/api';
import { LIST_PAGE_SIZE, listPaging, listSearch, type ListSearch } from '../lists/route';
import { findTab, PRODUCT_LIST_TABS } from './types';

/** The list's search params (`validateSearch`). */
export const productsSearch = listSearch(PRODUCT_LIST_TABS);

/** The list's first rows for its search params: the route's loader and the page share them. */
export const productsList = ({ q, tab }: ListSearch<string>) =>
  api.products.list.infiniteQueryOptions(
    { q, category: findTab(tab)?.category, limit: LIST_PAGE_SIZE },
    listPaging,
  );
