/**
 * A pharmacy's statement for a period (issue 11): the opening balance, every issued invoice and
 * payment of the period in date order with the running balance, the closing balance, and the
 * aging of what was open on the last day.
 *
 * Balances are as of a date: Σ total of the non-Draft invoices dated up to it − Σ payments dated
 * up to it. Invoices count on their invoice date, payments on theirs. So opening + Σ invoices −
 * Σ payments = closing, to the cent, whatever the dates; with `to` on or after the last dated
 * document, closing is the pharmacy's balance (docs/rules.md §3).
 */
import type { Db } from '@pharm/db';
import {
  fromCents,
  lastFullMonth,
  todayIso,
  toCents,
  type StatementLineType,
  type StatementQuery,
} from '@pharm/validators';
import { sql } from 'kysely';
import { notFound } from '../../lib/domain-error.js';
import type { AgingBuckets } from '../reports/service.js';

export interface StatementLine {
  date: string;
  type: StatementLineType;
  id: number;
  /** The invoice or payment number. */
  number: string;
  /** The invoice's total or the payment's amount (both positive). */
  amount: string;
  /** The running balance after this line. */
  balance: string;
}

export interface Statement {
  pharmacy: { id: number; name: string };
  from: string;
  to: string;
  openingBalance: string;
  closingBalance: string;
  lines: StatementLine[];
  /** What was still owed on `to`, by days past due on `to` (the reports' buckets). */
  aging: AgingBuckets<string>;
  /**
   * Payments dated up to `to` on invoices dated after it: the balance already counts them, the
   * aging cannot (their invoices are not yet issued on `to`). Σ aging − unapplied = closing.
   */
  unapplied: string;
}

/** Both sums read invoices_pharmacy_date_idx and payments_pharmacy_date_idx (migration 0006). */
async function balanceBefore(db: Db, pharmacyId: number, date: string): Promise<number> {
  const { rows } = await sql<{ invoiced: string; paid: string }>`
    select
      (select coalesce(sum(total), 0) from invoices
        where pharmacy_id = ${pharmacyId} and status <> 'Draft' and invoice_date < ${date}) as invoiced,
      (select coalesce(sum(amount), 0) from payments
        where pharmacy_id = ${pharmacyId} and date < ${date}) as paid`.execute(db);
  const row = rows[0]!;
  return toCents(row.invoiced) - toCents(row.paid);
}

interface LineRow {
  date: string;
  type: StatementLineType;
  id: number;
  number: string;
  amount: string;
}

/** On one date invoices come before payments, so the running balance shows what was paid off. */
async function periodLines(db: Db, pharmacyId: number, from: string, to: string) {
  const { rows } = await sql<LineRow>`
    select date::text as date, type, id, number, amount::text as amount from (
      select invoice_date as date, 'invoice' as type, 0 as rank, id, invoice_number as number,
             total as amount
        from invoices
       where pharmacy_id = ${pharmacyId} and status <> 'Draft'
         and invoice_date between ${from} and ${to}
      union all
      select date, 'payment', 1, id, payment_number, amount
        from payments
       where pharmacy_id = ${pharmacyId} and date between ${from} and ${to}
    ) lines
    order by date, rank, id`.execute(db);
  return rows;
}

/**
 * An invoice open on `to` is either open now or was paid (in part) by a payment dated after
 * `to`; those two sets come from indexes (invoices_open_pharmacy_idx, payments_pharmacy_date_idx),
 * so a statement of last month reads what is open and what was paid since, not all history.
 */
async function agingOn(db: Db, pharmacyId: number, to: string): Promise<AgingBuckets<string>> {
  const bucket = (when: ReturnType<typeof sql>) =>
    sql`coalesce(sum(open) filter (where ${when}), 0)::numeric(20,2)::text`;
  const { rows } = await sql<AgingBuckets<string>>`
    with candidates as (
      select id from invoices
       where pharmacy_id = ${pharmacyId} and status <> 'Draft' and balance > 0
      union
      select invoice_id from payments where pharmacy_id = ${pharmacyId} and date > ${to}
    ), owed as (
      select ${to}::date - i.due_date as days,
             i.total - coalesce((select sum(pm.amount) from payments pm
                                  where pm.invoice_id = i.id and pm.date <= ${to}), 0) as open
        from invoices i
        join candidates c on c.id = i.id
       where i.status <> 'Draft' and i.invoice_date <= ${to}
    )
    select ${bucket(sql`days <= 30`)} as current,
           ${bucket(sql`days between 31 and 60`)} as "days31to60",
           ${bucket(sql`days between 61 and 90`)} as "days61to90",
           ${bucket(sql`days > 90`)} as "over90"
      from owed
     where open > 0`.execute(db);
  return rows[0]!;
}

async function unappliedOn(db: Db, pharmacyId: number, to: string): Promise<string> {
  const { rows } = await sql<{ unapplied: string }>`
    select coalesce(sum(pm.amount), 0)::numeric(20,2)::text as unapplied
      from payments pm
      join invoices i on i.id = pm.invoice_id
     where pm.pharmacy_id = ${pharmacyId} and pm.date <= ${to} and i.invoice_date > ${to}`.execute(
    db,
  );
  return rows[0]!.unapplied;
}

export async function pharmacyStatement(db: Db, query: StatementQuery): Promise<Statement> {
  const { from, to } =
    query.from && query.to ? { from: query.from, to: query.to } : lastFullMonth(todayIso());
  // One snapshot for every figure, so a payment recorded meanwhile cannot unbalance it.
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const pharmacy = await trx
        .selectFrom('pharmacies')
        .select(['id', 'name'])
        .where('id', '=', query.id)
        .executeTakeFirst();
      if (!pharmacy) throw notFound('Pharmacy');
      const opening = await balanceBefore(trx, pharmacy.id, from);
      const rows = await periodLines(trx, pharmacy.id, from, to);
      const aging = await agingOn(trx, pharmacy.id, to);
      const unapplied = await unappliedOn(trx, pharmacy.id, to);
      let running = opening;
      const lines = rows.map((row) => {
        const cents = toCents(row.amount);
        running += row.type === 'invoice' ? cents : -cents;
        return { ...row, balance: fromCents(running) };
      });
      return {
        pharmacy,
        from,
        to,
        openingBalance: fromCents(opening),
        closingBalance: fromCents(running),
        lines,
        aging,
        unapplied,
      };
    });
}
