import { todayIso, type ProductWithVariantsData } from '@pharm/validators';
import { csvDownload, defineFiles, type Caller } from '../../lib/http/files.js';
import { csvFilename, EXPORT_PAGE_SIZE, pagedRows } from '../../lib/csv/csv.js';
import type { Cell, CsvDownload, Filters } from '../../lib/csv/csv.js';

/** The catalogue import's CSV columns (catalog/parse.ts), as the products export writes them. */
export const PRODUCT_COLUMNS = [
  'sku',
  'name',
  'category',
  'default_price',
  'active',
  'variant_sku',
  'size',
  'color',
  'material',
  'sterile',
  'package_qty',
  'variant_price',
  'notes',
] as const;

/** A product's rows: one per variant, or one with the variant columns empty when it has none. */
export function productRows(product: ProductWithVariantsData): Cell[][] {
  const head: Cell[] = [
    product.sku,
    product.name,
    product.category,
    product.defaultPrice,
    product.active,
  ];
  if (!product.variants.length) return [[...head, null, null, null, null, null, null, null, null]];
  return product.variants.map((v) => [
    ...head,
    v.variantSku,
    v.size,
    v.color,
    v.material,
    v.sterile,
    v.packageQty,
    v.defaultPrice,
    v.notes,
  ]);
}

/**
 * One row per variant, in the catalogue import's CSV format, so that the file uploaded again
 * changes nothing.
 */
export async function exportProducts(caller: Caller, filters: Filters<'q' | 'category'>) {
  return {
    filename: csvFilename('products', todayIso()),
    columns: PRODUCT_COLUMNS,
    rows: await pagedRows(
      (cursor) => caller.products.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE } as never),
      productRows,
    ),
  } satisfies CsvDownload;
}

export const productFiles = defineFiles([
  {
    path: '/api/products.csv',
    summary: 'The catalogue as CSV, one row per variant, in the import format',
    type: 'csv',
    send: async (c, r) =>
      csvDownload(await exportProducts(c, { q: r.query.q, category: r.query.category })),
  },
]);
