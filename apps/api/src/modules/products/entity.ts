import { defineEntity } from '../../lib/entity.js';

export const productEntity = defineEntity({
  table: 'products',
  label: 'Product',
  lockRank: 20,
  activity: { type: 'product', label: (s) => s.sku },
});

/** A variant is logged as a change of its product. */
export const variantEntity = defineEntity({
  table: 'productVariants',
  label: 'Variant',
  lockRank: 21,
});
