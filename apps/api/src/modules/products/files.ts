import type { z } from 'zod';
import {
  productListQuery,
  todayIso,
  type ProductWithVariantsData,
  type SortedListCursor,
} from '@pharm/validators';
import { csvDownload, defineFiles, fileRoute, type Caller } from '../../lib/http/files.js';
import {
  csvFilename,
  EXPORT_PAGE_SIZE,
  pagedRows,
  type Cell,
  type CsvDownload,
} from '../../lib/csv/csv.js';

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

/** The list's filters that its export takes, from the query string. */
const productExportQuery = productListQuery.pick({
  q: true,
  category: true,
  sort: true,
  order: true,
});
type ProductExportQuery = z.input<typeof productExportQuery>;

/**
 * One row per variant, in the catalogue import's CSV format, so that the file uploaded again
 * changes nothing.
 */
export async function exportProducts(caller: Caller, filters: ProductExportQuery) {
  return {
    filename: csvFilename('products', todayIso()),
    columns: PRODUCT_COLUMNS,
    rows: await pagedRows(
      (cursor: SortedListCursor | null) =>
        caller.products.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE }),
      productRows,
    ),
  } satisfies CsvDownload;
}

export const productFiles = defineFiles([
  fileRoute({
    path: '/api/products.csv',
    permission: 'products.read',
    summary: 'The catalogue as CSV, one row per variant, in the import format',
    type: 'csv',
    input: productExportQuery,
    send: async (c, input) => csvDownload(await exportProducts(c, input)),
  }),
]);
