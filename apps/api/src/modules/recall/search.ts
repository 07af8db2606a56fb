import { SEARCH_GROUP_LIMIT } from '@pharm/validators';
import { sql } from 'kysely';
import { prefixPattern } from '../../lib/db/sql.js';
import type { SearchGroup } from '../../lib/search.js';

/**
 * Lot numbers starting with the text, as the recall matches them, each with how many invoices
 * shipped it (issue 12); read through invoices_lot_number_idx (migration 0008).
 */
export const lotSearch: SearchGroup = {
  key: 'lots',
  permission: 'reports.read',
  find: (db, { text }) =>
    db
      .selectFrom('invoices')
      .select(['lotNumber', sql<number>`count(*)::int`.as('invoiceCount')])
      .where('lotNumber', 'is not', null)
      .where(sql<boolean>`lower(lot_number) like ${prefixPattern(text.toLowerCase())}`)
      .groupBy('lotNumber')
      .orderBy('lotNumber')
      .limit(SEARCH_GROUP_LIMIT)
      .execute(),
};
