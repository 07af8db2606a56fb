import { PHARMACY_SORTS, type PharmacySort } from '@pharm/validators/sorts';
import { api } from '../../lib/api';
import { defineList, LIST_PAGE_SIZE, listPaging, type ListSearch } from '../lists/route';

/**
 * All pharmacies, only those on credit hold (`?tab=hold`), or their licence problems
 * (`?tab=licences`, issue 29); the dashboard links to both.
 */
export const PHARMACY_LIST_TABS = [
  { value: 'all', label: 'All' },
  { value: 'hold', label: 'On credit hold' },
  { value: 'licences', label: 'Licence issues' },
] as const;

type PharmacyListTab = (typeof PHARMACY_LIST_TABS)[number]['value'];

export const pharmaciesList = defineList({
  names: { one: 'pharmacy', many: 'pharmacies' },
  description: 'Your pharmacy customers, their terms and what they owe.',
  tabs: PHARMACY_LIST_TABS,
  placeholder: 'Filter by name, contact or email...',
  filterMaxW: { base: 'full', sm: 'sm' },
  count: true,
  empty: { tab: () => 'No pharmacies are on credit hold.' },
  permissions: { write: 'pharmacies.write', remove: 'pharmacies.delete' },
  deleteMessage: (pharmacy) =>
    `Are you sure you want to delete ${pharmacy.name}? This will also delete all associated orders, invoices and payments. This action cannot be undone.`,
  sorts: PHARMACY_SORTS,
  query: ({ q, tab, sort, order }: ListSearch<PharmacyListTab, PharmacySort>) =>
    api.pharmacies.list.infiniteQueryOptions(
      { q, sort, order, limit: LIST_PAGE_SIZE, ...(tab === 'hold' ? { hold: true } : {}) },
      listPaging,
    ),
});
