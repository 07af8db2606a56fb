import { defineModule } from '../../lib/module.js';
import { productSearch } from './search.js';
import { productFiles } from './files.js';
import { feedJob } from './catalog/parse.js';
import { productsRouter } from './router.js';

export const productsModule = defineModule({
  name: 'products',
  description: 'The catalogue: products, their variants and the catalogue import',
  router: productsRouter,
  constraints: {
    products_sku_key: {
      code: 'DUPLICATE',
      path: ['sku'],
      message: (v) => (v ? `SKU ${v} already exists` : 'This SKU already exists'),
    },
    product_variants_variant_sku_key: {
      code: 'DUPLICATE',
      path: ['variantSku'],
      message: (v) => (v ? `Variant SKU ${v} already exists` : 'This Variant SKU already exists'),
    },
    product_variants_package_qty_check: {
      code: 'INVALID',
      path: ['packageQty'],
      message: () => 'Package quantity must be at least 1',
    },
  },
  files: productFiles,
  jobs: [feedJob],
  search: productSearch,
});
