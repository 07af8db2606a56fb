import { api } from '../../lib/api';
import { LIST_PAGE_SIZE, listPaging, listSearch, type ListSearch } from '../lists/route';

/** The list's search params (`validateSearch`). */
export const pharmaciesSearch = listSearch();

/** The list's first rows for its search params: the route's loader and the page share them. */
export const pharmaciesList = ({ q }: ListSearch) =>
  api.pharmacies.list.infiniteQueryOptions({ q, limit: LIST_PAGE_SIZE }, listPaging);
