/**
 * A pharmacy's statement for a period (issue 11): the opening balance, every issued invoice,
 * payment, credit note and refund of the period in date order with the running balance, the
 * closing balance, the aging of what was open on the last day and the unapplied cash and credits
 * on it; the period's allocations beside them (issue 27).
 *
 * Balances are as of a date: Σ total of the non-Draft invoices dated up to it − Σ payments − Σ
 * credit notes + Σ refunds dated up to it + Σ dunning fees charged up to it − Σ fees waived up to
 * it. Each counts on its own date; an allocation moves money between documents and not the
 * balance. So opening + Σ invoices − Σ payments − Σ credit notes + Σ refunds + Σ fees − Σ waivers
 * = closing, to the cent, whatever the dates; with `to` on or after the last dated document,
 * closing is Σ open invoice balances + open fees − unapplied (decisions.md §9, docs/rules.md
 * "Dunning fees").
 *
 * A deleted payment is no money received: no line, in no sum. Its allocations, voided by the
 * delete, are listed among the period's allocations as voided, which move no balance.
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
import { sql, type RawBuilder } from 'kysely';
import { notFound } from '../../lib/domain-error.js';
import type { AgingBuckets } from '../reports/service.js';

export interface StatementLine {
  date: string;
  type: StatementLineType;
  id: number;
  /** The invoice, payment or credit note number (a refund's: its source's). */
  number: string;
  /** The document's total or amount, positive: invoices, refunds and fees add, the others take. */
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
   * Payments and credit notes dated up to `to`, less their refunds dated up to it and less what
   * of them is applied to invoices dated up to it: the account's unapplied cash and credits on
   * `to`, the aging's own line. Σ aging − unapplied = closing.
   */
  unapplied: string;
  /** Dunning fees owed on `to`; absent when none. Σ aging + fees − unapplied = closing. */
  fees?: string;
  /** The allocations made in the period (by the day they were made), for the record. */
  allocations: StatementAllocation[];
}

export interface StatementAllocation {
  date: string;
  id: number;
  sourceNumber: string;
  invoiceNumber: string;
  amount: string;
  voided: boolean;
}

/** The dunning fees charged up to `day` and not waived by it (dunning_fees_pharmacy_date_idx). */
const feesOwedOn = (pharmacyId: number, day: RawBuilder<unknown>) => sql<string>`
  (select coalesce(sum(amount), 0) from dunning_fees
    where pharmacy_id = ${pharmacyId} and date <= ${day}
      and (waived_on is null or waived_on > ${day}))`;

/** Both sums read invoices_pharmacy_date_idx and payments_pharmacy_date_idx (migration 0006). */
async function balanceBefore(db: Db, pharmacyId: number, date: string): Promise<number> {
  const { rows } = await sql<{
    invoiced: string;
    paid: string;
    credited: string;
    refunded: string;
    fees: string;
  }>`
    select
      (select coalesce(sum(total), 0) from invoices
        where pharmacy_id = ${pharmacyId} and status <> 'Draft' and invoice_date < ${date}) as invoiced,
      (select coalesce(sum(amount), 0) from payments
        where pharmacy_id = ${pharmacyId} and date < ${date} and deleted_at is null) as paid,
      (select coalesce(sum(total), 0) from credit_notes
        where pharmacy_id = ${pharmacyId} and date < ${date}) as credited,
      (select coalesce(sum(amount), 0) from refunds
        where pharmacy_id = ${pharmacyId} and date < ${date}) as refunded,
      ${feesOwedOn(pharmacyId, sql`${date}::date - 1`)} as fees`.execute(db);
  const row = rows[0]!;
  return (
    toCents(row.invoiced) -
    toCents(row.paid) -
    toCents(row.credited) +
    toCents(row.refunded) +
    toCents(row.fees)
  );
}

interface LineRow {
  date: string;
  type: StatementLineType;
  id: number;
  number: string;
  amount: string;
}

/**
 * On one date invoices and fees come before payments, credit notes, refunds and waivers, so the
 * running balance shows what was paid off.
 */
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
         and deleted_at is null
      union all
      select date, 'credit_note', 2, id, credit_note_number, total
        from credit_notes
       where pharmacy_id = ${pharmacyId} and date between ${from} and ${to}
      union all
      select r.date, 'refund', 3, r.id, coalesce(pm.payment_number, c.credit_note_number), r.amount
        from refunds r
        left join payments pm on pm.id = r.payment_id
        left join credit_notes c on c.id = r.credit_note_id
       where r.pharmacy_id = ${pharmacyId} and r.date between ${from} and ${to}
      union all
      select date, 'dunning_fee', 0, id, 'FEE-' || lpad(id::text, 5, '0'), amount
        from dunning_fees
       where pharmacy_id = ${pharmacyId} and date between ${from} and ${to}
      union all
      select waived_on, 'fee_waiver', 4, id, 'FEE-' || lpad(id::text, 5, '0'), amount
        from dunning_fees
       where pharmacy_id = ${pharmacyId} and waived_on between ${from} and ${to}
    ) lines
    order by date, rank, id`.execute(db);
  return rows;
}

/**
 * What an invoice owes on `to`: its total less its active allocations from payments and credit
 * notes dated up to `to`. An invoice open on `to` is open now or was paid (in part) from a source
 * dated after `to`; those sets come from indexes (invoices_open_pharmacy_idx, the sources' date
 * indexes and allocations_payment_idx / allocations_credit_note_idx), not all history.
 */
async function agingOn(db: Db, pharmacyId: number, to: string): Promise<AgingBuckets<string>> {
  const bucket = (when: ReturnType<typeof sql>) =>
    sql`coalesce(sum(open) filter (where ${when}), 0)::numeric(20,2)::text`;
  const { rows } = await sql<AgingBuckets<string>>`
    with candidates as (
      select id from invoices
       where pharmacy_id = ${pharmacyId} and status <> 'Draft' and balance > 0
      union
      select a.invoice_id from payments pm join allocations a on a.payment_id = pm.id
       where pm.pharmacy_id = ${pharmacyId} and pm.date > ${to} and a.voided_at is null
      union
      select a.invoice_id from credit_notes c join allocations a on a.credit_note_id = c.id
       where c.pharmacy_id = ${pharmacyId} and c.date > ${to} and a.voided_at is null
    ), owed as (
      select ${to}::date - i.due_date as days,
             i.total - coalesce((select sum(a.amount) from allocations a
                                  left join payments pm on pm.id = a.payment_id
                                  left join credit_notes c on c.id = a.credit_note_id
                                  where a.invoice_id = i.id and a.voided_at is null
                                    and coalesce(pm.date, c.date) <= ${to}), 0) as open
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

/** See Statement.unapplied. */
async function unappliedOn(db: Db, pharmacyId: number, to: string): Promise<string> {
  const { rows } = await sql<{ unapplied: string }>`
    select (
      (select coalesce(sum(amount), 0) from payments
        where pharmacy_id = ${pharmacyId} and date <= ${to} and deleted_at is null)
      + (select coalesce(sum(total), 0) from credit_notes
          where pharmacy_id = ${pharmacyId} and date <= ${to})
      - (select coalesce(sum(amount), 0) from refunds
          where pharmacy_id = ${pharmacyId} and date <= ${to})
      - (select coalesce(sum(a.amount), 0) from allocations a
           join invoices i on i.id = a.invoice_id
           left join payments pm on pm.id = a.payment_id
           left join credit_notes c on c.id = a.credit_note_id
          where a.pharmacy_id = ${pharmacyId} and a.voided_at is null
            and i.invoice_date <= ${to} and coalesce(pm.date, c.date) <= ${to})
    )::numeric(20,2)::text as unapplied`.execute(db);
  return rows[0]!.unapplied;
}

/** The allocations made from `from` to `to` (by the day they were made), oldest first. */
async function allocationsIn(
  db: Db,
  pharmacyId: number,
  from: string,
  to: string,
): Promise<StatementAllocation[]> {
  const { rows } = await sql<StatementAllocation>`
    select a.created_at::date::text as date, a.id,
           coalesce(pm.payment_number, c.credit_note_number) as "sourceNumber",
           i.invoice_number as "invoiceNumber", a.amount::text as amount,
           a.voided_at is not null as voided
      from allocations a
      join invoices i on i.id = a.invoice_id
      left join payments pm on pm.id = a.payment_id
      left join credit_notes c on c.id = a.credit_note_id
     where a.pharmacy_id = ${pharmacyId}
       and a.created_at >= ${from}::date and a.created_at < ${to}::date + 1
     order by a.id`.execute(db);
  return rows;
}

/** The lines that add to what is owed; the others take from it. */
const CHARGES = new Set<StatementLineType>(['invoice', 'refund', 'dunning_fee']);

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
      const allocations = await allocationsIn(trx, pharmacy.id, from, to);
      const { rows: feeRows } = await sql<{ fees: string }>`
        select ${feesOwedOn(pharmacy.id, sql`${to}::date`)}::numeric(20,2)::text as fees`.execute(
        trx,
      );
      const fees = feeRows[0]!.fees;
      let running = opening;
      const lines = rows.map((row) => {
        const cents = toCents(row.amount);
        running += CHARGES.has(row.type) ? cents : -cents;
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
        ...(toCents(fees) > 0 ? { fees } : {}),
        allocations,
      };
    });
}
