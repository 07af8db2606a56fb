import { api } from '../../lib/api';
import { LIST_PAGE_SIZE, listPaging, listSearch, type ListSearch } from '../lists/route';

/** All pharmacies, or only those on credit hold (`?tab=hold`, where the dashboard links). */
export const PHARMACY_LIST_TABS = [
  { value: 'all', label: 'All' },
  { value: 'hold', label: 'On credit hold' },
] as const;

type PharmacyListTab = (typeof PHARMACY_LIST_TABS)[number]['value'];

/** The list's search params (`validateSearch`). */
export const pharmaciesSearch = listSearch(PHARMACY_LIST_TABS);

/** The list's first rows for its search params: the route's loader and the page share them. */
export const pharmaciesList = ({ q, tab }: ListSearch<PharmacyListTab>) =>
  api.pharmacies.list.infiniteQueryOptions(
    { q, limit: LIST_PAGE_SIZE, ...(tab === 'hold' ? { hold: true } : {}) },
    listPaging,
  );
