import type { Db, Invoice, Order } from '@pharm/db';
import { can, type Permission, type Role } from '@pharm/validators/roles';
import { formatUsd } from '@pharm/validators';
import { sql } from 'kysely';
import { isOnHold, pharmaciesWithHold } from '../pharmacies/credit-hold.js';

/** GET /api/dashboard (spec §7); the definitions are docs/rules.md §3's. */
export interface DashboardSummary {
  /** Orders in Draft or Sent. */
  openOrders: number;
  /** Non-Draft invoices with a balance above 0. */
  unpaidInvoices: number;
  /** Σ balance of those invoices less the unapplied cash and credits (decisions.md §9). */
  totalOutstanding: string;
  /** Σ unapplied cash and credits of every pharmacy, which the outstanding total is net of. */
  unappliedCash: string;
  /** What the Total Outstanding card says of its figure. */
  totalOutstandingNote: string;
  /** Pharmacies on credit hold (lib/credit-hold.ts). */
  onCreditHold: number;
}

export interface RecentOrder extends Pick<
  Order,
  'id' | 'orderNumber' | 'status' | 'total' | 'orderDate'
> {
  pharmacy: { name: string };
}

export interface RecentInvoice extends Pick<
  Invoice,
  'id' | 'invoiceNumber' | 'status' | 'total' | 'balance' | 'dueDate'
> {
  pharmacy: { name: string };
}

export const RECENT_LIMIT = 5;

/**
 * What each part of the dashboard shows, and what a role must hold to see it: a figure the role
 * may not read is left out of the summary, a list it may not read is empty (issue 26).
 */
export const DASHBOARD_PARTS = {
  openOrders: 'orders.read',
  unpaidInvoices: 'invoices.read',
  totalOutstanding: 'invoices.read',
  unappliedCash: 'invoices.read',
  totalOutstandingNote: 'invoices.read',
  onCreditHold: 'pharmacies.read',
  recentOrders: 'orders.read',
  recentInvoices: 'invoices.read',
} as const satisfies Record<keyof DashboardSummary | 'recentOrders' | 'recentInvoices', Permission>;

/** The summary's figures the role may read. */
function readableFigures(summary: DashboardSummary, role: Role): Partial<DashboardSummary> {
  return Object.fromEntries(
    Object.entries(summary).filter(([key]) =>
      can(role, DASHBOARD_PARTS[key as keyof DashboardSummary]),
    ),
  );
}

/**
 * One statement, each figure from an index: open orders from orders_status_idx, unpaid count and
 * outstanding from the partial index over open invoices (invoices_open_idx, migration 0005), so
 * the cost follows how much is open, not how many invoices there have ever been. The outstanding
 * total is summed from the same rows it counts, so the two figures always agree.
 */
export async function dashboardSummary(db: Db, role: Role): Promise<Partial<DashboardSummary>> {
  const held = await pharmaciesWithHold(db)
    .select(sql<number>`count(*)::int`.as('count'))
    .where(isOnHold)
    .executeTakeFirstOrThrow();
  const { rows } = await sql<Omit<DashboardSummary, 'onCreditHold' | 'totalOutstandingNote'>>`
    select
      (select count(*)::int from orders where status in ('Draft', 'Sent')) as "openOrders",
      open.count as "unpaidInvoices",
      (open.outstanding - cash.unapplied)::numeric(20,2)::text as "totalOutstanding",
      cash.unapplied::numeric(20,2)::text as "unappliedCash"
    from (
      select count(*)::int as count, coalesce(sum(balance), 0) as outstanding
        from invoices
       where status <> 'Draft' and balance > 0
    ) open,
    (select coalesce(sum(unapplied), 0) as unapplied from pharmacies) cash`.execute(db);
  const summary = rows[0]!;
  const totalOutstandingNote =
    summary.unappliedCash === '0.00'
      ? 'Open invoice balances'
      : `Open invoice balances less ${formatUsd(summary.unappliedCash)} unapplied cash and credits`;
  return readableFigures({ ...summary, totalOutstandingNote, onCreditHold: held.count }, role);
}

/** The newest orders and invoices (by id, as the lists show them) for the dashboard's cards. */
export async function dashboardRecent(
  db: Db,
  role: Role,
): Promise<{ orders: RecentOrder[]; invoices: RecentInvoice[] }> {
  const [orders, invoices] = await Promise.all([
    !can(role, DASHBOARD_PARTS.recentOrders)
      ? []
      : db
          .selectFrom('orders as o')
          .innerJoin('pharmacies as p', 'p.id', 'o.pharmacyId')
          .select(['o.id', 'o.orderNumber', 'o.status', 'o.total', 'o.orderDate', 'p.name'])
          .orderBy('o.id', 'desc')
          .limit(RECENT_LIMIT)
          .execute(),
    !can(role, DASHBOARD_PARTS.recentInvoices)
      ? []
      : db
          .selectFrom('invoices as i')
          .innerJoin('pharmacies as p', 'p.id', 'i.pharmacyId')
          .select([
            'i.id',
            'i.invoiceNumber',
            'i.status',
            'i.total',
            'i.balance',
            'i.dueDate',
            'p.name',
          ])
          .orderBy('i.id', 'desc')
          .limit(RECENT_LIMIT)
          .execute(),
  ]);
  return {
    orders: orders.map(({ name, ...order }) => ({ ...order, pharmacy: { name } })),
    invoices: invoices.map(({ name, ...invoice }) => ({ ...invoice, pharmacy: { name } })),
  };
}
