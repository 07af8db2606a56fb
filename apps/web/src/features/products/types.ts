// Not the package's index: the products route's search check (first-load bundle) reads this,
// and the index would bring zod and every schema along.
import { PRODUCT_TABS, type ProductCategory } from '@pharm/validators/categories';
import type { RouterOutputs } from '../../lib/trpc';

export type Product = RouterOutputs['products']['get'];
export type ProductVariant = Product['variants'][number];
export type ImportResult = RouterOutputs['products']['importCsv'];

/** The list's tabs as they appear in the URL (`?tab=stoppers`), each with its category. */
const CATEGORY_TABS = PRODUCT_TABS.filter((tab) => tab.value !== 'all').map((tab) => ({
  param: tab.label.toLowerCase(),
  label: tab.label,
  category: tab.value as ProductCategory,
}));

/** The list's tabs: All Products, then the category tabs. */
export const PRODUCT_LIST_TABS = [
  { value: 'all', label: 'All Products' },
  ...CATEGORY_TABS.map((tab) => ({ value: tab.param, label: tab.label })),
];

/** 'stoppers' → the Stopper tab; anything else → none (All Products). */
export function findTab(param: string | undefined) {
  return CATEGORY_TABS.find((tab) => tab.param === param);
}
