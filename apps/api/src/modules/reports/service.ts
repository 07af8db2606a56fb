import type { Db, Invoice } from '@pharm/db';
import {
  addDaysIso,
  fromCents,
  sumCents,
  toCents,
  type OutstandingQuery,
  type ReportsQuery,
} from '@pharm/validators';
import { sql } from 'kysely';

/** Amounts (decimal strings) by days past due: Current is not yet due or 0–30 days past it. */
export interface AgingBuckets<T> {
  current: T;
  days31to60: T;
  days61to90: T;
  over90: T;
}

export interface PharmacySales {
  pharmacyId: number;
  name: string;
  /** Σ total of the pharmacy's non-Draft invoices. */
  totalSales: string;
}

export interface OutstandingInvoice extends Pick<
  Invoice,
  'id' | 'invoiceNumber' | 'status' | 'invoiceDate' | 'dueDate' | 'total' | 'balance'
> {
  pharmacy: { id: number; name: string };
  /** Days since the due date; 0 or less is not past due ('Current'). */
  daysPastDue: number;
}

/** GET /api/reports (decisions §5's shape, plus the counts behind the aging amounts). */
export interface Reports {
  /** Σ open invoice balances less the unapplied cash and credits (decisions.md §9). */
  totalOutstanding: string;
  /** Σ of the aging's buckets: what the open invoices owe. */
  openInvoiceBalance: string;
  /** The account's unapplied cash and credits on the day: the aging's own line. */
  unappliedCash: string;
  totalSales: string;
  totalInvoices: number;
  activePharmacies: number;
  aging: AgingBuckets<string>;
  agingCounts: AgingBuckets<number>;
  /** Top 10 by total sales, only pharmacies with sales above 0. */
  salesByPharmacy: PharmacySales[];
  /** The open invoices most past due first, at most OUTSTANDING_DETAIL_LIMIT of them. */
  outstandingInvoices: OutstandingInvoice[];
  /** How many invoices are open in all (the detail may show fewer). */
  outstandingInvoiceCount: number;
}

export const SALES_TOP = 10;
export const OUTSTANDING_DETAIL_LIMIT = 100;

interface OpenTotals {
  openInvoiceBalance: string;
  outstandingInvoiceCount: number;
  aging: AgingBuckets<string>;
  agingCounts: AgingBuckets<number>;
}

interface Period {
  from: string;
  to: string;
}

const money = (expression: ReturnType<typeof sql>) =>
  sql`coalesce(${expression}, 0)::numeric(20,2)::text`;

/**
 * The allocations whose part in the balances on `on` differs from now, as rows (invoice_id,
 * change): + the amount of one active now that counts only after `on` (its stored counts_from,
 * packages/db/src/allocation-day.ts), − the amount of one voided after `on` that counted on it,
 * unless a payment's delete voided it: a deleted payment is read as never made.
 * Each set is one index range: allocations_counts_from_idx (active ones by counts_from, with
 * their invoice's date, invoice and amount) and allocations_voided_idx. The further back `on`,
 * the more rows. `issuedBy` keeps those of invoices issued by `on`, the only ones open on it,
 * from the same range (migration 0030).
 */
const allocationsChangedSince = (on: ReturnType<typeof sql>, { issuedBy = false } = {}) => sql`(
  select invoice_id, amount as change
    from allocations
   where voided_at is null and counts_from > ${on}
         ${issuedBy ? sql`and invoice_date <= ${on}` : sql``}
  union all
  select a.invoice_id, -a.amount
    from allocations a
    left join payments pm on pm.id = a.payment_id
   where a.voided_at >= ${on} + 1 and a.counts_from <= ${on} and pm.deleted_at is null)`;

/**
 * The invoices open on a day, as a table (id, pharmacy_id, due_date, balance, days_past_due),
 * balance and days as of that day; only balance > 0 counts, which the readers below ask for.
 *
 * Today (no `asOf`): the non-Draft invoices with a balance (invoices_open_idx), so the cost
 * follows what is open now.
 *
 * On `asOf`: the non-Draft invoices dated on or before it, owing their total less the
 * allocations that counted on it (counts_from on or before it, not voided by then), which is
 * their balance now plus what changed since (allocationsChangedSince). Such an invoice is open
 * now, or was paid off by allocations counted after `asOf`: two disjoint sets, not all invoices.
 */
function openInvoices(asOf: string | undefined) {
  if (!asOf) {
    return sql`(select id, pharmacy_id, due_date, balance, current_date - due_date as days_past_due
                  from invoices
                 where status <> 'Draft' and balance > 0)`;
  }
  const on = sql`${asOf}::date`;
  return sql`(with later as (
                select invoice_id, sum(change) as paid
                  from ${allocationsChangedSince(on, { issuedBy: true })} changed
                 group by invoice_id)
              select i.id, i.pharmacy_id, i.due_date, i.balance + coalesce(l.paid, 0) as balance,
                     ${on} - i.due_date as days_past_due
                from invoices i
                left join later l on l.invoice_id = i.id
               where i.status <> 'Draft' and i.balance > 0 and i.invoice_date <= ${on}
              union all
              select i.id, i.pharmacy_id, i.due_date, l.paid, ${on} - i.due_date
                from later l
                join invoices i on i.id = l.invoice_id
               where i.status <> 'Draft' and i.balance = 0 and i.invoice_date <= ${on})`;
}

/**
 * Unapplied cash and credits of every pharmacy on a day (today without one): the payments and
 * credit notes dated on or before it, less what of them was applied then (counts_from on or
 * before it, not voided by then) and refunded then (a refund counts from the latest of its
 * source's date, its own and the day it was recorded). Computed as today's stored unapplied less
 * what changed since: the sources dated after the day, and the refunds and allocations counted
 * after it. Each of those dates is tested on its own, so that the sources dated after the day are
 * read from their date index (a join of every refund to its payment read all payments: 330 ms at
 * 1,000,000 invoices).
 */
async function unappliedOn(db: Db, asOf: string | undefined): Promise<string> {
  const now = sql`(select coalesce(sum(unapplied), 0) from pharmacies)`;
  if (!asOf) {
    const { rows } = await sql<{ unapplied: string }>`
      select ${money(now)} as unapplied`.execute(db);
    return rows[0]!.unapplied;
  }
  const on = sql`${asOf}::date`;
  const { rows } = await sql<{ unapplied: string }>`
    select ${money(sql`${now}
      - (select coalesce(sum(amount), 0) from payments where date > ${on} and deleted_at is null)
      - (select coalesce(sum(total), 0) from credit_notes where date > ${on})
      + (select coalesce(sum(r.amount), 0)
           from refunds r
          where r.date > ${on}
             or r.created_at >= ${on} + 1
             or r.payment_id in (select id from payments where date > ${on} and deleted_at is null)
             or r.credit_note_id in (select id from credit_notes where date > ${on}))
      + (select coalesce(sum(change), 0) from ${allocationsChangedSince(on)} changed)`)}
      as unapplied`.execute(db);
  return rows[0]!.unapplied;
}

/** An open invoice's aging bucket by its days past due: 0 is Current (up to 30), then 31–60, 61–90, over 90. */
const BUCKET = sql`case
                     when days_past_due <= 30 then 0
                     when days_past_due <= 60 then 1
                     when days_past_due <= 90 then 2
                     else 3
                   end`;

type BucketRow = { bucket: number; amount: string; count: number };

function totalsOf(rows: BucketRow[]): OpenTotals {
  const amount = (bucket: number) => rows.find((r) => r.bucket === bucket)?.amount ?? '0.00';
  const count = (bucket: number) => rows.find((r) => r.bucket === bucket)?.count ?? 0;
  return {
    openInvoiceBalance: fromCents(sumCents(rows.map((r) => toCents(r.amount)))),
    outstandingInvoiceCount: rows.reduce((sum, r) => sum + r.count, 0),
    aging: { current: amount(0), days31to60: amount(1), days61to90: amount(2), over90: amount(3) },
    agingCounts: {
      current: count(0),
      days31to60: count(1),
      days61to90: count(2),
      over90: count(3),
    },
  };
}

/**
 * Today's open invoices by bucket. One bucket per row and one sum per bucket: a FILTERed sum and count
 * per bucket evaluated all eight filters on every open invoice, 30–38 ms against 5.5 ms at
 * 33,600 open invoices.
 */
async function openTotals(db: Db): Promise<OpenTotals> {
  const { rows } = await sql<BucketRow>`
    select ${BUCKET} as bucket, ${money(sql`sum(balance)`)} as amount, count(*)::int as count
      from ${openInvoices(undefined)} o
     where balance > 0
     group by 1`.execute(db);
  return totalsOf(rows);
}

interface SalesTotals {
  totalSales: string;
  totalInvoices: number;
  activePharmacies: number;
}

/** All time: Σ over pharmacy_sales, the per-pharmacy running totals kept by the invoices' triggers. */
async function salesTotals(db: Db): Promise<SalesTotals> {
  const { rows } = await sql<SalesTotals>`
    select
      ${money(sql`sum(sales_total)`)} as "totalSales",
      coalesce(sum(invoice_count), 0)::int as "totalInvoices",
      count(*) filter (where sales_total > 0)::int as "activePharmacies"
    from pharmacy_sales`.execute(db);
  return rows[0]!;
}

async function allTimeSales(db: Db): Promise<SalesTotals & { salesByPharmacy: PharmacySales[] }> {
  const [totals, salesByPharmacy] = await Promise.all([salesTotals(db), topPharmacies(db)]);
  return { ...totals, salesByPharmacy };
}

function topPharmacies(db: Db): Promise<PharmacySales[]> {
  return db
    .selectFrom('pharmacySales as s')
    .innerJoin('pharmacies as p', 'p.id', 's.pharmacyId')
    .select(['s.pharmacyId', 'p.name', 's.salesTotal as totalSales'])
    .where('s.salesTotal', '>', '0')
    .orderBy('s.salesTotal', 'desc')
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(SALES_TOP)
    .execute();
}

/** The first day of the month after the one of `day` ('2026-03-14' → '2026-04-01'). */
function nextMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * A period as the whole calendar months in it (`months`, first days, `to` exclusive) and the
 * days before and after them, each null when there is none: 2026-01-15 … 2026-04-10 is January's
 * 15th–31st, February and March, and April's 1st–10th.
 */
export function splitByMonths({ from, to }: Period): {
  months: Period | null;
  days: Period[];
} {
  const first = from.endsWith('-01') ? from : nextMonth(from);
  const end = addDaysIso(to, 1).endsWith('-01') ? addDaysIso(to, 1) : `${to.slice(0, 8)}01`;
  if (first >= end) return { months: null, days: [{ from, to }] };
  const days: Period[] = [];
  if (from < first) days.push({ from, to: addDaysIso(first, -1) });
  if (end <= to) days.push({ from: end, to });
  return { months: { from: first, to: end }, days };
}

/**
 * A period's sales, its top pharmacies with them: each pharmacy's Σ total of its non-Draft
 * invoices dated in the period and its count of invoices then. Its whole months come from
 * pharmacy_monthly_sales (migration 0031), the days before and after them from invoices_date_idx
 * alone (a year's invoices grouped by pharmacy took 59 ms at 1,000,000 invoices). A row per top
 * pharmacy, each carrying the totals; one row of totals when none sold.
 */
async function salesIn(
  db: Db,
  period: Period,
): Promise<SalesTotals & { salesByPharmacy: PharmacySales[] }> {
  const { months, days } = splitByMonths(period);
  const parts = [
    ...(months
      ? [
          sql`select pharmacy_id, sales_total, invoice_count
                from pharmacy_monthly_sales
               where month >= ${months.from}::date and month < ${months.to}::date`,
        ]
      : []),
    ...days.map(
      ({ from, to }) =>
        sql`select pharmacy_id,
                   coalesce(sum(total) filter (where status <> 'Draft'), 0) as sales_total,
                   count(*) as invoice_count
              from invoices
             where invoice_date between ${from}::date and ${to}::date
             group by pharmacy_id`,
    ),
  ];
  const { rows } = await sql<
    SalesTotals & { pharmacyId: number | null; name: string | null; pharmacySales: string | null }
  >`
    with s as (
      select pharmacy_id, sum(sales_total) as sales_total, sum(invoice_count) as invoice_count
        from (${sql.join(parts, sql` union all `)}) parts
       group by pharmacy_id
    ), totals as (
      select ${money(sql`sum(sales_total)`)} as "totalSales",
             coalesce(sum(invoice_count), 0)::int as "totalInvoices",
             count(*) filter (where sales_total > 0)::int as "activePharmacies"
        from s
    ), top as (
      select s.pharmacy_id, p.name, s.sales_total
        from s
        join pharmacies p on p.id = s.pharmacy_id
       where s.sales_total > 0
       order by s.sales_total desc, p.name, p.id
       limit ${SALES_TOP}
    )
    select totals.*, top.pharmacy_id as "pharmacyId", top.name,
           top.sales_total::numeric(16,2)::text as "pharmacySales"
      from totals
      left join top on true
     order by top.sales_total desc, top.name, top.pharmacy_id`.execute(db);
  const { totalSales, totalInvoices, activePharmacies } = rows[0]!;
  return {
    totalSales,
    totalInvoices,
    activePharmacies,
    salesByPharmacy: rows.flatMap(({ pharmacyId, name, pharmacySales }) =>
      pharmacyId !== null && name !== null && pharmacySales !== null
        ? [{ pharmacyId, name, totalSales: pharmacySales }]
        : [],
    ),
  };
}

type OutstandingRow = Omit<OutstandingInvoice, 'pharmacy'> & {
  pharmacyId: number;
  pharmacyName: string;
};

/** An outstanding invoice's columns, from `o` (a row of openInvoices), its invoice and pharmacy. */
const OUTSTANDING_COLUMNS = sql`
  i.id, i.invoice_number as "invoiceNumber", i.status,
  i.invoice_date::text as "invoiceDate", i.due_date::text as "dueDate",
  i.total::text as total, o.balance::numeric(10,2)::text as balance,
  p.id as "pharmacyId", p.name as "pharmacyName", o.days_past_due::int as "daysPastDue"`;

const toOutstanding = (rows: OutstandingRow[]): OutstandingInvoice[] =>
  rows.map(({ pharmacyId, pharmacyName, ...invoice }) => ({
    ...invoice,
    pharmacy: { id: pharmacyId, name: pharmacyName },
  }));

/** Most days past due first: the oldest due date, then the oldest invoice. */
async function outstandingRows(
  db: Db,
  asOf: string | undefined,
  after: OutstandingQuery['after'],
  limit: number,
): Promise<OutstandingInvoice[]> {
  // A row comparison, so invoices_open_idx (due_date, id) is read from the cursor on.
  const from = after ? sql`and (o.due_date, o.id) > (${after.dueDate}::date, ${after.id})` : sql``;
  // The page is chosen from the open table alone; only its rows are read from invoices.
  const { rows } = await sql<OutstandingRow>`
    select ${OUTSTANDING_COLUMNS}
      from (select * from ${openInvoices(asOf)} o
             where o.balance > 0 ${from}
             order by o.due_date, o.id
             limit ${limit}) o
      join invoices i on i.id = o.id
      join pharmacies p on p.id = o.pharmacy_id
     order by o.due_date, o.id`.execute(db);
  return toOutstanding(rows);
}

/**
 * The aging and the detail's first page on a past day, from one computation of what was open
 * then: on a day, openInvoices is built from what changed since (a year back, 14,000 allocations
 * and as many invoice lookups, ~100 ms), and the two readers each built it. Today's are two
 * index reads of their own (invoices_open_idx, the page in its order), cheaper apart.
 */
async function agingOn(
  db: Db,
  asOf: string,
): Promise<{ open: OpenTotals; outstandingInvoices: OutstandingInvoice[] }> {
  const { rows } = await sql<{ buckets: BucketRow[] | null; page: OutstandingRow[] | null }>`
    with o as materialized (
      select * from ${openInvoices(asOf)} o where o.balance > 0
    )
    select (select json_agg(b)
              from (select ${BUCKET} as bucket, ${money(sql`sum(balance)`)} as amount,
                           count(*)::int as count
                      from o group by 1) b) as buckets,
           (select json_agg(r order by r."dueDate", r.id)
              from (select ${OUTSTANDING_COLUMNS}
                      from (select * from o order by due_date, id
                             limit ${OUTSTANDING_DETAIL_LIMIT}) o
                      join invoices i on i.id = o.id
                      join pharmacies p on p.id = o.pharmacy_id) r) as page`.execute(db);
  const { buckets, page } = rows[0]!;
  return { open: totalsOf(buckets ?? []), outstandingInvoices: toOutstanding(page ?? []) };
}

/**
 * Every open invoice in the detail's order, a page at a time after the last row's (due date, id):
 * the outstanding CSV export, which is not capped as the report's detail is.
 */
export async function outstandingPage(
  db: Db,
  query: OutstandingQuery,
): Promise<{ items: OutstandingInvoice[]; after: { dueDate: string; id: number } | null }> {
  const rows = await outstandingRows(db, query.asOf, query.after, query.limit + 1);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items,
    after: rows.length > query.limit && last ? { dueDate: last.dueDate, id: last.id } : null,
  };
}

/** Sales of the period (all time without one); what was owed on `asOf` (today without it). */
export async function reports(db: Db, query: ReportsQuery): Promise<Reports> {
  const period = query.from && query.to ? { from: query.from, to: query.to } : null;
  const [{ open, outstandingInvoices }, unappliedCash, sales] = await Promise.all([
    query.asOf
      ? agingOn(db, query.asOf)
      : Promise.all([
          openTotals(db),
          outstandingRows(db, undefined, null, OUTSTANDING_DETAIL_LIMIT),
        ]).then(([open, outstandingInvoices]) => ({ open, outstandingInvoices })),
    unappliedOn(db, query.asOf),
    period ? salesIn(db, period) : allTimeSales(db),
  ]);
  return {
    totalOutstanding: fromCents(toCents(open.openInvoiceBalance) - toCents(unappliedCash)),
    openInvoiceBalance: open.openInvoiceBalance,
    unappliedCash,
    totalSales: sales.totalSales,
    totalInvoices: sales.totalInvoices,
    activePharmacies: sales.activePharmacies,
    aging: open.aging,
    agingCounts: open.agingCounts,
    salesByPharmacy: sales.salesByPharmacy,
    outstandingInvoices,
    outstandingInvoiceCount: open.outstandingInvoiceCount,
  };
}
