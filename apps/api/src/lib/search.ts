import type { Db } from '@pharm/db';
import type { Permission } from '@pharm/validators/roles';

/** What every group of the global search reads: the text, and what more than one group needs. */
export interface SearchQuery {
  text: string;
  /** The text as an ILIKE pattern matching it anywhere (its own %, _ and \ match themselves). */
  pattern: string;
  /** Ids of the pharmacies whose name holds the text: looked up once, for the documents' groups. */
  pharmacyIds: () => Promise<readonly number[]>;
}

/**
 * A module's group of the global search's results (spec §3, `GET /api/search`): its key in the
 * result and at most SEARCH_GROUP_LIMIT records matching the text, in the group's order.
 */
export interface SearchGroup {
  key: string;
  /** What a role must hold to see this group's results; for the others the group is empty. */
  permission: Permission;
  find: (db: Db, query: SearchQuery) => Promise<unknown[]>;
}
