// Plain constants, no zod (also exported as @pharm/validators/categories): the web app's route
// definitions, part of its first-load bundle, read them.

/** docs/rules.md §4: the product categories (overrides the spec's two disagreeing lists). */
export const PRODUCT_CATEGORIES = [
  'Vial',
  'Stopper',
  'Seal',
  'Cap',
  'Syringe',
  'Cartridge',
  'API',
  'Peptide',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** Product list tabs: plural label → category. */
export const PRODUCT_TABS = [
  { value: 'all', label: 'All Products' },
  { value: 'Vial', label: 'Vials' },
  { value: 'Stopper', label: 'Stoppers' },
  { value: 'Seal', label: 'Seals' },
  { value: 'Cap', label: 'Caps' },
  { value: 'Syringe', label: 'Syringes' },
] as const;

/** Order form category selector: plural label → category, in the spec's order. */
export const ORDER_FORM_CATEGORIES = [
  { value: 'Vial', label: 'Vials' },
  { value: 'Syringe', label: 'Syringes' },
  { value: 'Stopper', label: 'Stoppers' },
  { value: 'Seal', label: 'Seals' },
  { value: 'Cartridge', label: 'Cartridges' },
  { value: 'Cap', label: 'Caps' },
] as const;

/** Global search: the shortest text searched (spec §9) and the most results per group. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_GROUP_LIMIT = 10;
