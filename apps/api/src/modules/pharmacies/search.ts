import { SEARCH_GROUP_LIMIT } from '@pharm/validators';
import type { SearchGroup } from '../../lib/search.js';

/** Pharmacies by name or email, by name. */
export const pharmacySearch: SearchGroup = {
  key: 'pharmacies',
  permission: 'pharmacies.read',
  find: (db, { pattern }) =>
    db
      .selectFrom('pharmacies')
      .select(['id', 'name', 'email'])
      .where((eb) => eb.or([eb('name', 'ilike', pattern), eb('email', 'ilike', pattern)]))
      .orderBy('name')
      .orderBy('id')
      .limit(SEARCH_GROUP_LIMIT)
      .execute(),
};
