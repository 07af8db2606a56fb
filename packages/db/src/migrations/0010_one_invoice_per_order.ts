import { sql, type Kysely } from 'kysely';

/** An invoice made from an order that already had an older invoice when this migration ran. */
interface LaterInvoice {
  id: number;
  invoice: string;
  order: string;
}

/**
 * One invoice per order (issue 22, docs/rules.md §3): a unique index on `from_order_id`. A
 * database may already hold orders invoiced more than once; those invoices are real bills, so
 * they stay as they are. The oldest invoice of each such order is indexed like any other; the
 * later ones are left out of the index by id, listed in its predicate. Ids are never reused, so
 * the list names exactly those rows for good, and no new pair can be made: a new invoice of any
 * of those orders clashes with the oldest one. The service refuses a pair first, with the
 * invoice's number (invoices.service.ts); the index is what holds if anything slips past it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const later = await laterInvoicesOfOrders(db);
  // DDL takes no bind parameters; the ids are integers the database itself gave.
  const kept = later.length
    ? sql` and id not in (${sql.raw(later.map((row) => Number(row.id)).join(', '))})`
    : sql``;
  await sql`
    create unique index invoices_one_per_order_idx on invoices (from_order_id)
      where from_order_id is not null${kept}`.execute(db);
  if (later.length) console.warn(laterInvoicesReport(later));
}

/** The invoices whose order has an older invoice, oldest first. */
export async function laterInvoicesOfOrders(db: Kysely<unknown>): Promise<LaterInvoice[]> {
  const { rows } = await sql<LaterInvoice>`
    select i.id, i.invoice_number as invoice, o.order_number as "order"
    from invoices i join orders o on o.id = i.from_order_id
    where exists (
      select 1 from invoices e where e.from_order_id = i.from_order_id and e.id < i.id)
    order by i.id`.execute(db);
  return rows;
}

/** What the migration says when it found orders invoiced more than once. */
export function laterInvoicesReport(later: readonly LaterInvoice[]): string {
  const orders = new Set(later.map((row) => row.order)).size;
  const pairs = later.map((row) => `${row.order} again on ${row.invoice}`).join(', ');
  return (
    `Migration 0010: ${later.length} invoice${later.length === 1 ? '' : 's'} made from an ` +
    `order already invoiced (${orders} order${orders === 1 ? '' : 's'}): ${pairs}. ` +
    'They are kept; from now on an order is invoiced at most once.'
  );
}
