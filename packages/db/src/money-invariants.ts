import { sql } from 'kysely';
import type { Db } from './client.js';
import { ALLOCATION_ROW, allocationCountsFrom } from './allocation-day.js';

/**
 * The money rules of docs/rules.md §2–§3 and decisions.md §9 that span rows, which no check
 * constraint can hold: an invoice's paid amount is Σ of its active allocations (from payments and
 * credit notes), its balance is its total less that and its status follows from it, its tax is
 * round(amount × rate) half away from zero (PostgreSQL's numeric round); a payment's or credit
 * note's stored unapplied rest is its amount less its active allocations and refunds (the check
 * constraints keep that within 0 and the amount, so no source is spent twice), and a deleted
 * payment holds nothing (no active allocation, no refund, 0 unapplied); a pharmacy's
 * balance is Σ of its non-Draft invoices' balances and its unapplied is Σ of its sources'. A
 * dunning fee is its notice's fee, on its notice's pharmacy (docs/rules.md "Dunning fees"). An
 * allocation's stored counts_from is the day allocationCountsFrom gives it, so a source's or an
 * invoice's date edit that did not move it shows here.
 * The property tests and the payments benchmark ask this after racing requests against each other.
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
             i.total, i.balance, coalesce(sum(a.amount), 0) as paid
      from invoices i
      left join allocations a on a.invoice_id = i.id and a.voided_at is null
      where ${scope('i.pharmacy_id')}
      group by i.id
    ),
    source_sums as (
      select case when p.deleted_at is null then 'payment ' else 'deleted payment ' end
             || p.payment_number as label, p.pharmacy_id, p.amount, p.unapplied,
             case when p.deleted_at is null then p.amount else 0 end
             - coalesce((select sum(a.amount) from allocations a
                          where a.payment_id = p.id and a.voided_at is null), 0)
             - coalesce((select sum(r.amount) from refunds r where r.payment_id = p.id), 0)
               as rest
      from payments p
      where ${scope('p.pharmacy_id')}
      union all
      select 'credit note ' || c.credit_note_number, c.pharmacy_id, c.total, c.unapplied,
             c.total
             - coalesce((select sum(a.amount) from allocations a
                          where a.credit_note_id = c.id and a.voided_at is null), 0)
             - coalesce((select sum(r.amount) from refunds r where r.credit_note_id = c.id), 0)
      from credit_notes c
      where ${scope('c.pharmacy_id')}
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
    select label || ': unapplied ' || unapplied || ' is not ' || rest
           || ', its amount less its active allocations and refunds'
    from source_sums where unapplied <> rest
    union all
    select label || ': allocations and refunds ' || (amount - rest) || ' exceed its amount '
           || amount
    from source_sums where rest < 0
    union all
    select 'credit note ' || credit_note_number || ': tax ' || tax_amount || ' is not '
           || amount || ' × ' || tax_rate
    from credit_notes
    where (tax_amount <> round(amount * tax_rate, 2) or total <> amount + tax_amount)
      and ${scope('pharmacy_id')}
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
    union all
    select 'pharmacy ' || ph.id || ': unapplied ' || ph.unapplied || ' is not '
           || coalesce(u.rest, 0) || ', the sum of its payments'' and credit notes'' unapplied'
    from pharmacies ph
    left join (
      select pharmacy_id, sum(unapplied) as rest from source_sums group by pharmacy_id
    ) u on u.pharmacy_id = ph.id
    where ph.unapplied <> coalesce(u.rest, 0) and ${scope('ph.id')}
    union all
    select 'allocation ' || a.id || ': counts from ' || a.counts_from || ', not '
           || coalesce(d.day::text, 'no day')
           || ' (its source''s and invoice''s dates, the day made)'
    from allocations a
    cross join lateral (select ${allocationCountsFrom(ALLOCATION_ROW)} as day) d
    where a.counts_from is distinct from d.day and ${scope('a.pharmacy_id')}
    union all
    select 'allocation ' || a.id || ': invoice date ' || a.invoice_date || ', not its invoice''s '
           || i.invoice_date
    from allocations a
    join invoices i on i.id = a.invoice_id
    where a.invoice_date <> i.invoice_date and ${scope('a.pharmacy_id')}
    union all
    select 'fee ' || f.id || ': ' || f.amount || ' on pharmacy ' || f.pharmacy_id
           || ' is not its notice''s ' || coalesce(n.fee::text, 'no fee') || ' on pharmacy '
           || n.pharmacy_id
    from dunning_fees f
    join dunning_notices n on n.id = f.notice_id
    where (f.pharmacy_id <> n.pharmacy_id or n.fee is distinct from f.amount)
      and ${scope('f.pharmacy_id')}
  `.execute(db);
  return rows.map((row) => row.violation);
}
