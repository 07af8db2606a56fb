import type { Db } from '@pharm/db';
import { can, type Role } from '@pharm/validators/roles';
import type { SearchOutput } from '@pharm/validators';
import { containsPattern } from '../../lib/db/sql.js';
import { pharmacyIdsMatching } from '../pharmacies/matching.js';
import type { SearchQuery } from '../../lib/search.js';
import { modules } from '../index.js';

/** The spec's search result (§3): each group at most SEARCH_GROUP_LIMIT long. */
export interface SearchResults {
  orders: { id: number; orderNumber: string; total: string; pharmacy: { name: string } }[];
  invoices: { id: number; invoiceNumber: string; balance: string; pharmacy: { name: string } }[];
  pharmacies: { id: number; name: string; email: string }[];
  products: { id: number; name: string; sku: string; category: string }[];
  /** Lot numbers starting with the text, each with how many invoices shipped it (issue 12). */
  lots: { lotNumber: string; invoiceCount: number }[];
  /** Licences by number, with their pharmacy (issue 29). */
  licences: SearchOutput['licences'];
  payments: SearchOutput['payments'];
  creditNotes: SearchOutput['creditNotes'];
  /** Lots by number, with their SKU (issue 30). */
  lotRecords: SearchOutput['lotRecords'];
  /** Recalls by number or recalled lot (issue 30). */
  recalls: SearchOutput['recalls'];
}

/**
 * Case-insensitive substring search (LIKE's metacharacters in the text match themselves), one
 * group for each module that declares one (AppModule.search), all at once; the groups the role
 * may not read come back empty.
 */
export async function search(db: Db, text: string, role: Role): Promise<SearchResults> {
  const pattern = containsPattern(text);
  // Pharmacies are few next to documents: their matching ids are looked up once, for every
  // group that needs them, so the document queries see plain ids (as listOrders does).
  let pharmacyIds: Promise<number[]> | undefined;
  const query: SearchQuery = {
    text,
    pattern,
    pharmacyIds: () => (pharmacyIds ??= pharmacyIdsMatching(db, pattern)),
  };
  const groups = modules.flatMap((module) => (module.search ? [module.search] : []));
  // A group the role may not read is not searched at all: empty, not filtered afterwards.
  const found = await Promise.all(
    groups.map((group) => (can(role, group.permission) ? group.find(db, query) : [])),
  );
  return Object.fromEntries(
    groups.map((group, i) => [group.key, found[i]]),
  ) as unknown as SearchResults;
}
