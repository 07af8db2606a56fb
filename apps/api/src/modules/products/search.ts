import { SEARCH_GROUP_LIMIT } from '@pharm/validators';
import { sql } from 'kysely';
import type { SearchGroup } from '../../lib/search.js';

/** Products by name, SKU or category, by name. */
export const productSearch: SearchGroup = {
  key: 'products',
  permission: 'products.read',
  find: (db, { pattern }) =>
    db
      .selectFrom('products')
      .select(['id', 'name', 'sku', 'category'])
      .where((eb) =>
        eb.or([
          eb('name', 'ilike', pattern),
          eb('sku', 'ilike', pattern),
          eb(sql<string>`category`, 'ilike', pattern),
        ]),
      )
      .orderBy('name')
      .orderBy('id')
      .limit(SEARCH_GROUP_LIMIT)
      .execute(),
};
