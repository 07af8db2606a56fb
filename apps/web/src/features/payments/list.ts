import { api } from '../../lib/api';
import { parseId } from '../../lib/params';
import { LIST_PAGE_SIZE, listPaging, listSearch, type ListSearch } from '../lists/route';

const textSearch = listSearch();

/**
 * The page's search params: the list's filter, and `record`, an invoice to open the Record
 * Payment dialog for (the invoices list's "Record payment" links here with it).
 */
export function paymentsSearch(search: Record<string, unknown>): ListSearch & { record?: number } {
  const record = parseId(String(search.record ?? ''));
  return { ...textSearch(search), ...(record ? { record } : {}) };
}

/** The list's first rows for its search params: the route's loader and the page share them. */
export const paymentsList = ({ q }: ListSearch) =>
  api.payments.list.infiniteQueryOptions({ q, limit: LIST_PAGE_SIZE }, listPaging);
