import { sql } from 'kysely';
import type { Db } from './client.js';

/**
 * The money rules of docs/rules.md §2–§3 that span rows, which no check constraint can hold: an
 * invoice's balance is its total less Σ of its payments, its status follows from them, its tax
 * is round(amount × rate) half away from zero (PostgreSQL's numeric round), and a pharmacy's
 * balance is Σ of its non-Draft invoices' balances. The property tests and the payments
 * benchmark ask this after racing requests against each other.
 *
 * Returns one line per broken rule and record (empty when all hold), over the given pharmacies
 * and their invoices, or over all of them.
 */
export async function moneyViolations(db: Db, pharmacyIds?: readonly number[]): Promise<string[]> {
  if (pharmacyIds?.length === 0) return [];
  const scope = (column: string) =>
    pharmacyIds ? sql`${sql.ref(column)} in (${sql.join(pharmacyIds)})` : sql`true`;
  const { rows } = await sql<{ violation: string }>`
    with invoice_sums as (
      select i.invoice_number, i.pharmacy_id, i.status, i.amount, i.tax_rate, i.tax_amount,
             i.total, i.balance, coalesce(sum(p.amount), 0) as paid
      from invoices i
      left join payments p on p.invoice_id = i.id
      where ${scope('i.pharmacy_id')}
      group by i.id
    )
    select invoice_number || ': balance ' || balance || ' is not total ' || total
           || ' less paid ' || paid as violation
    from invoice_sums where balance <> total - paid
    union all
    select invoice_number || ': balance ' || balance || ' is outside 0 to total ' || total
    from invoice_sums where balance < 0 or balance > total
    union all
    select invoice_number || ': status ' || status || ' with ' || paid || ' paid of ' || total
    from invoice_sums
    where not case
      when paid = 0 then status in ('Draft', 'Unpaid') or (status = 'Paid' and total = 0)
      when paid < total then status = 'Partially Paid'
      else status = 'Paid'
    end
    union all
    select invoice_number || ': tax ' || tax_amount || ' is not ' || amount || ' × ' || tax_rate
    from invoice_sums where tax_amount <> round(amount * tax_rate, 2)
    union all
    select 'payment ' || p.payment_number || ': pharmacy ' || p.pharmacy_id
           || ' is not its invoice''s ' || i.pharmacy_id
    from payments p
    join invoices i on i.id = p.invoice_id
    where p.pharmacy_id <> i.pharmacy_id and ${scope('i.pharmacy_id')}
    union all
    select 'pharmacy ' || ph.id || ': balance ' || ph.balance || ' is not '
           || coalesce(s.owed, 0) || ', the sum of its non-Draft invoices'' balances'
    from pharmacies ph
    left join (
      select pharmacy_id, sum(balance) as owed
      from invoice_sums where status <> 'Draft'
      group by pharmacy_id
    ) s on s.pharmacy_id = ph.id
    where ph.balance <> coalesce(s.owed, 0) and ${scope('ph.id')}
  `.execute(db);
  return rows.map((row) => row.violation);
}
