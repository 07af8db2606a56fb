import { api } from '../../lib/api';
import { LIST_PAGE_SIZE, listPaging, listSearch, type ListSearch } from '../lists/route';
import { ORDER_TABS, tabStatus, type OrderTab } from './format';

/** The list's search params (`validateSearch`). */
export const ordersSearch = listSearch(ORDER_TABS);

/** The list's first rows for its search params: the route's loader and the page share them. */
export const ordersList = ({ q, tab }: ListSearch<OrderTab>) =>
  api.orders.list.infiniteQueryOptions(
    { q, status: tabStatus(tab ?? 'all'), limit: LIST_PAGE_SIZE },
    listPaging,
  );
