import { SEARCH_GROUP_LIMIT } from '@pharm/validators';
import { sql } from 'kysely';
import type { SearchGroup } from '../../lib/search.js';

/**
 * Lots by number (lots_number_idx), with their SKU. The key is not `lots`: that group is the
 * recall's, the lot numbers written on invoices.
 */
export const lotRecordSearch: SearchGroup = {
  key: 'lotRecords',
  permission: 'products.read',
  find: (db, { pattern }) =>
    db
      .selectFrom('lots as l')
      .leftJoin('productVariants as v', 'v.id', 'l.variantId')
      .leftJoin('products as p', 'p.id', 'l.productId')
      .select([
        'l.id',
        'l.lotNumber',
        'l.expiryDate',
        'l.status',
        sql<string>`coalesce(v.variant_sku, p.sku)`.as('sku'),
      ])
      .where(sql`lower(l.lot_number)`, 'like', sql<string>`lower(${pattern})`)
      .orderBy('l.lotNumber')
      .orderBy('l.id')
      .limit(SEARCH_GROUP_LIMIT)
      .execute(),
};
