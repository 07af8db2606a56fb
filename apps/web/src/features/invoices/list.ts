import { api } from '../../lib/api';
import { LIST_PAGE_SIZE, listPaging, listSearch, type ListSearch } from '../lists/route';
import { INVOICE_LIST_TABS } from './format';

type InvoiceListTab = (typeof INVOICE_LIST_TABS)[number]['value'];

/** The list's search params (`validateSearch`). */
export const invoicesSearch = listSearch(INVOICE_LIST_TABS);

/** The list's first rows for its search params: the route's loader and the page share them. */
export const invoicesList = ({ q, tab }: ListSearch<InvoiceListTab>) =>
  api.invoices.list.infiniteQueryOptions({ q, tab, limit: LIST_PAGE_SIZE }, listPaging);
