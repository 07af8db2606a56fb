import type { Db } from '@pharm/db';
import { SEARCH_GROUP_LIMIT } from '@pharm/validators';
import { sql, type RawBuilder } from 'kysely';
import { containsPattern } from '../lib/sql.js';

/** The spec's search result (§3): each group at most SEARCH_GROUP_LIMIT long. */
export interface SearchResults {
  orders: { id: number; orderNumber: string; total: string; pharmacy: { name: string } }[];
  invoices: { id: number; invoiceNumber: string; balance: string; pharmacy: { name: string } }[];
  pharmacies: { id: number; name: string; email: string }[];
  products: { id: number; name: string; sku: string; category: string }[];
}

/** The table, its number column and the amount its result shows (spec §2, Global search). */
const DOCUMENTS = {
  orders: { number: 'order_number', amount: 'total' },
  invoices: { number: 'invoice_number', amount: 'balance' },
} as const;

interface DocumentRow {
  id: number;
  number: string;
  amount: string;
  name: string;
}

/**
 * Orders or invoices whose number, or whose pharmacy's name, contains the text; newest first.
 * The two matches are separate queries, each newest first and limited: the planner can then
 * take the number's trigram index for a rare text and walk the primary key backwards for a
 * common one, where one query with an OR must fetch every match before it can sort them.
 */
async function documents(
  db: Db,
  table: keyof typeof DOCUMENTS,
  pattern: string,
  pharmacyIds: number[],
): Promise<DocumentRow[]> {
  const { number, amount } = DOCUMENTS[table];
  const newest = async (where: RawBuilder<unknown>) =>
    (
      await sql<DocumentRow>`
        select d.id, d.${sql.raw(number)} as number, d.${sql.raw(amount)} as amount, p.name
          from ${sql.raw(table)} d
          join pharmacies p on p.id = d.pharmacy_id
         where ${where}
         order by d.id desc
         limit ${SEARCH_GROUP_LIMIT}`.execute(db)
    ).rows;
  const [byNumber, byPharmacy] = await Promise.all([
    newest(sql`d.${sql.raw(number)} ilike ${pattern}`),
    pharmacyIds.length
      ? newest(sql`d.pharmacy_id in (${sql.join(pharmacyIds)})`)
      : Promise.resolve([]),
  ]);
  const byId = new Map([...byNumber, ...byPharmacy].map((row) => [row.id, row]));
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, SEARCH_GROUP_LIMIT);
}

/**
 * Case-insensitive substring search (LIKE's metacharacters in the text match themselves):
 * orders and invoices by number or pharmacy name, pharmacies by name or email, products by
 * name, SKU or category.
 */
export async function search(db: Db, text: string): Promise<SearchResults> {
  const pattern = containsPattern(text);
  // Pharmacies are few next to documents: their matching ids are looked up once, first, so
  // the document queries see plain ids (as listOrders does).
  const pharmacyIds = (
    await db.selectFrom('pharmacies').select('id').where('name', 'ilike', pattern).execute()
  ).map((row) => row.id);
  const [orders, invoices, pharmacies, products] = await Promise.all([
    documents(db, 'orders', pattern, pharmacyIds),
    documents(db, 'invoices', pattern, pharmacyIds),
    db
      .selectFrom('pharmacies')
      .select(['id', 'name', 'email'])
      .where((eb) => eb.or([eb('name', 'ilike', pattern), eb('email', 'ilike', pattern)]))
      .orderBy('name')
      .orderBy('id')
      .limit(SEARCH_GROUP_LIMIT)
      .execute(),
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
  ]);
  return {
    orders: orders.map(({ id, number, amount, name }) => ({
      id,
      orderNumber: number,
      total: amount,
      pharmacy: { name },
    })),
    invoices: invoices.map(({ id, number, amount, name }) => ({
      id,
      invoiceNumber: number,
      balance: amount,
      pharmacy: { name },
    })),
    pharmacies,
    products,
  };
}
