/**
 * Credit hold (issue 11): a pharmacy is on hold when one of its open invoices is more than the
 * business's `hold_days_past_due` days past due, or its balance is above its credit limit.
 *
 * Both come from what is kept already: the balance is the pharmacy's running total, and its
 * oldest open invoice is one probe of invoices_open_pharmacy_idx (migration 0006). Every reader
 * (the pharmacies list and filter, a pharmacy, the dashboard count, sending an order) starts from
 * `pharmaciesWithHold`, so they all judge by the same rows.
 */
import type { Db, Pharmacy } from '@pharm/db';
import { formatUsd, toCents, type CreditHold } from '@pharm/validators';
import { sql } from 'kysely';

/** `pharmacies as p`, its oldest open invoice as `o` (none: nulls) and the settings as `s`. */
export function pharmaciesWithHold(db: Db) {
  return db
    .selectFrom('pharmacies as p')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('invoices as i')
          .select([
            'i.invoiceNumber',
            // Days past due as the reports count them ("today" is current_date there too).
            sql<number>`(current_date - i.due_date)::int`.as('daysPastDue'),
          ])
          .whereRef('i.pharmacyId', '=', 'p.id')
          .where('i.status', '<>', 'Draft')
          .where('i.balance', '>', '0')
          .orderBy('i.dueDate')
          .orderBy('i.id')
          .limit(1)
          .as('o'),
      (join) => join.onTrue(),
    )
    .crossJoin('businessSettings as s');
}

/** The columns `creditHoldOf` reads, selected from `pharmaciesWithHold`. */
export const HOLD_COLUMNS = [
  'o.invoiceNumber as oldestOpenInvoice',
  'o.daysPastDue as oldestOpenDaysPastDue',
  's.holdDaysPastDue',
] as const;

/**
 * The hold as a condition on `pharmaciesWithHold`, for filters and counts. The limit is held
 * against the net balance: what is owed less unapplied cash and credits (decisions.md §9).
 */
export const isOnHold = sql<boolean>`(
  (${sql.ref('p.creditLimit')} is not null
    and ${sql.ref('p.balance')} - ${sql.ref('p.unapplied')} > ${sql.ref('p.creditLimit')})
  or ${sql.ref('o.daysPastDue')} > ${sql.ref('s.holdDaysPastDue')})`;

export interface HoldColumns {
  oldestOpenInvoice: string | null;
  oldestOpenDaysPastDue: number | null;
  holdDaysPastDue: number;
}

/** Why the pharmacy is on hold (both reasons when both hold), or null; the same test as `isOnHold`. */
export function creditHoldOf(
  pharmacy: Pick<Pharmacy, 'balance' | 'unapplied' | 'creditLimit'>,
  hold: HoldColumns,
): CreditHold {
  const reasons: string[] = [];
  if (
    hold.oldestOpenInvoice !== null &&
    hold.oldestOpenDaysPastDue !== null &&
    hold.oldestOpenDaysPastDue > hold.holdDaysPastDue
  ) {
    reasons.push(
      `invoice ${hold.oldestOpenInvoice} is ${hold.oldestOpenDaysPastDue} days past due (more than ${hold.holdDaysPastDue})`,
    );
  }
  const net = toCents(pharmacy.balance) - toCents(pharmacy.unapplied);
  if (pharmacy.creditLimit !== null && net > toCents(pharmacy.creditLimit)) {
    reasons.push(
      `balance ${formatUsd(net)} is above the credit limit of ${formatUsd(pharmacy.creditLimit)}`,
    );
  }
  return reasons.length ? { reason: reasons.join('; ') } : null;
}

/** A pharmacy row with its hold columns → the pharmacy as the API answers it. */
export function withCreditHold<
  T extends Pick<Pharmacy, 'balance' | 'unapplied' | 'creditLimit'> & HoldColumns,
>(row: T): Omit<T, keyof HoldColumns> & { creditHold: CreditHold } {
  const { oldestOpenInvoice, oldestOpenDaysPastDue, holdDaysPastDue, ...pharmacy } = row;
  return {
    ...pharmacy,
    creditHold: creditHoldOf(row, { oldestOpenInvoice, oldestOpenDaysPastDue, holdDaysPastDue }),
  };
}
