import { SEARCH_GROUP_LIMIT } from '@pharm/validators';
import { sql } from 'kysely';
import type { SearchGroup } from '../../lib/search.js';

/** Licences by number (licences_number_idx), with their pharmacy. */
export const licenceSearch: SearchGroup = {
  key: 'licences',
  permission: 'pharmacies.read',
  find: async (db, { pattern }) => {
    const rows = await db
      .selectFrom('licences as l')
      .innerJoin('pharmacies as p', 'p.id', 'l.pharmacyId')
      .select(['l.id', 'l.number', 'l.kind', 'l.pharmacyId', 'p.name as pharmacyName'])
      .where(sql`lower(l.number)`, 'like', sql<string>`lower(${pattern})`)
      .orderBy('l.number')
      .orderBy('l.id')
      .limit(SEARCH_GROUP_LIMIT)
      .execute();
    return rows.map(({ pharmacyName, ...licence }) => ({
      ...licence,
      pharmacy: { name: pharmacyName },
    }));
  },
};
