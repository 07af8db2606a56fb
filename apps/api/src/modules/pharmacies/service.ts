import type { Db, Pharmacy } from '@pharm/db';
import {
  stateOfAddress,
  type CreditHold,
  type Page,
  type PharmacyData,
  type PharmacyListQuery,
  type PharmacySort,
  type SortedListCursor,
} from '@pharm/validators';
import { sql } from 'kysely';
import { deleteEntry, logActivities, logCreate, logUpdate } from '../activity/record.js';
import { invoiceSnapshot } from '../invoices/service.js';
import { orderSnapshot } from '../orders/service.js';
import { paymentSnapshot } from '../payments/service.js';
import { HOLD_COLUMNS, isOnHold, pharmaciesWithHold, withCreditHold } from './credit-hold.js';
import { inTransaction, lockOrThrow } from '../../lib/db/transaction.js';
import { authorize, type Actor } from '../../lib/authorize.js';
import { notFound } from '../../lib/domain-error.js';
import { sortPlan, toSortedPage, type SortColumn } from '../../lib/db/paginate.js';
import { PreparedQuery } from '../../lib/db/prepared.js';
import { containsPattern } from '../../lib/db/sql.js';
import { invoiceEntity } from '../invoices/entity.js';
import { orderEntity } from '../orders/entity.js';
import { paymentEntity } from '../payments/entity.js';
import { pharmacyEntity } from './entity.js';

/** A pharmacy as the API answers it: the row and whether it is on credit hold, and why. */
export interface PharmacyWithHold extends Pharmacy {
  creditHold: CreditHold;
}

/** The list's sorts (PHARMACY_SORTS), each with its index (migration 0011). */
const PHARMACY_SORT_COLUMNS: Record<PharmacySort, SortColumn<Pharmacy>> = {
  name: { column: 'p.name', kind: 'text', value: (row) => row.name },
  balance: { column: 'p.balance', kind: 'money', value: (row) => row.balance },
};

/** A type, not an interface: PreparedQuery takes a record of values. */
type PharmacyListValues = {
  pattern?: string;
  hold?: true;
  /** The sort, a flag each: a prepared query's shape is which values are set. */
  byName?: true;
  byBalance?: true;
  ascending?: true;
  /** The last page's last row: its sort value (with a sort) and id. */
  afterValue?: string;
  cursor?: number;
  fetch: number;
};

/**
 * The list's query, newest first or by name or balance, keyset as lib/db/paginate.ts's
 * paginateSorted; compiled once per filter and sort shape (lib/prepared.ts).
 */
const pharmacyList = new PreparedQuery((db, v: PharmacyListValues) => {
  let q = pharmaciesWithHold(db).selectAll('p').select(HOLD_COLUMNS);
  if (v.pattern !== undefined) {
    // Same expression as the trigram index pharmacies_search_idx.
    q = q.where(
      sql`p.name || ' ' || coalesce(p.contact_name, '') || ' ' || p.email`,
      'ilike',
      v.pattern,
    );
  }
  if (v.hold) q = q.where(isOnHold);
  const order = v.ascending ? 'asc' : 'desc';
  const before = sql.raw(v.ascending ? '>' : '<');
  const column = v.byName ? sql.ref('p.name') : v.byBalance ? sql.ref('p.balance') : undefined;
  if (column) {
    if (v.afterValue !== undefined) {
      q = q.where(sql<boolean>`(${column}, p.id) ${before} (${v.afterValue}, ${v.cursor})`);
    }
    q = q.orderBy(column, order);
  } else if (v.cursor !== undefined) {
    q = q.where(sql<boolean>`p.id ${before} ${v.cursor}`);
  }
  return q.orderBy('p.id', order).limit(v.fetch);
});

/** Newest first, or by `sort`, keyset-paginated (lib/db/paginate.ts). */
export async function listPharmacies(
  db: Db,
  query: PharmacyListQuery,
): Promise<Page<PharmacyWithHold, SortedListCursor>> {
  const plan = sortPlan(query, PHARMACY_SORT_COLUMNS);
  const rows = await pharmacyList.execute(db, {
    pattern: query.q ? containsPattern(query.q) : undefined,
    hold: query.hold || undefined,
    byName: plan.sort?.name === 'name' || undefined,
    byBalance: plan.sort?.name === 'balance' || undefined,
    ascending: plan.order === 'asc' || undefined,
    afterValue: plan.afterValue,
    cursor: plan.afterId,
    fetch: query.limit + 1,
  });
  const page = toSortedPage(rows, query.limit, plan);
  return { items: page.items.map(withCreditHold), nextCursor: page.nextCursor };
}

/** Every pharmacy for the pickers, by name, with its credit hold (the order form shows it). */
export async function pharmacyOptions(
  db: Db,
): Promise<{ id: number; name: string; creditHold: CreditHold }[]> {
  const rows = await pharmaciesWithHold(db)
    .select(['p.id', 'p.name', 'p.balance', 'p.unapplied', 'p.creditLimit', ...HOLD_COLUMNS])
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    creditHold: withCreditHold(row).creditHold,
  }));
}

export async function getPharmacy(db: Db, id: number): Promise<PharmacyWithHold> {
  const pharmacy = await pharmaciesWithHold(db)
    .selectAll('p')
    .select(HOLD_COLUMNS)
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!pharmacy) throw notFound('Pharmacy');
  return withCreditHold(pharmacy);
}

/** The row to write: the shipping state as given, else read off the shipping address. */
function pharmacyRow(data: PharmacyData) {
  return { ...data, shippingState: data.shippingState ?? stateOfAddress(data.shippingAddress) };
}

export function createPharmacy(
  db: Db,
  data: PharmacyData,
  actor: Actor,
): Promise<PharmacyWithHold> {
  const userId = actor.id;
  if (data.creditLimit !== null) authorize(actor.role, 'pharmacies.creditLimit');
  return inTransaction(db, async (trx) => {
    const pharmacy = await trx
      .insertInto('pharmacies')
      .values(pharmacyRow(data))
      .returningAll()
      .executeTakeFirstOrThrow();
    await logCreate(trx, { entity: pharmacyEntity, id: pharmacy.id, userId }, pharmacy);
    return getPharmacy(trx, pharmacy.id);
  });
}

/**
 * What an edit changes decides what it needs (issue 26): the credit limit
 * `pharmacies.creditLimit`, any other field `pharmacies.write`; a field sent as it is changes
 * nothing, so a form sent whole asks only for what was edited.
 */
function authorizeChanges(actor: Actor, before: Pharmacy, data: PharmacyData): void {
  const changed = (Object.keys(data) as (keyof PharmacyData)[]).filter(
    (key) => before[key] !== data[key],
  );
  if (changed.includes('creditLimit')) authorize(actor.role, 'pharmacies.creditLimit');
  if (changed.some((key) => key !== 'creditLimit')) authorize(actor.role, 'pharmacies.write');
}

export function updatePharmacy(
  db: Db,
  id: number,
  data: PharmacyData,
  actor: Actor,
): Promise<PharmacyWithHold> {
  const userId = actor.id;
  return inTransaction(db, async (trx) => {
    // FOR NO KEY UPDATE, the lock the UPDATE takes anyway: orders may still key-share the row.
    const before = await trx
      .selectFrom('pharmacies')
      .selectAll()
      .where('id', '=', id)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Pharmacy');
    authorizeChanges(actor, before, data);
    const pharmacy = await trx
      .updateTable('pharmacies')
      .set({ ...pharmacyRow(data), updatedAt: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await logUpdate(trx, { entity: pharmacyEntity, id, userId }, before, pharmacy);
    return getPharmacy(trx, id);
  });
}

/**
 * Deletes the pharmacy with its orders, invoices and payments (the FK cascades), keeping a
 * snapshot of all of it in the activity log.
 */
export function deletePharmacy(db: Db, id: number, actor: Actor): Promise<{ id: number }> {
  const userId = actor.id;
  return inTransaction(db, async (trx) => {
    const pharmacy = await lockOrThrow(trx, pharmacyEntity, id);
    const orders = await trx
      .selectFrom('orders')
      .selectAll()
      .where('pharmacyId', '=', id)
      .execute();
    const orderLineItems = orders.length
      ? await trx
          .selectFrom('orderLineItems')
          .selectAll()
          .where(
            'orderId',
            'in',
            orders.map((o) => o.id),
          )
          .orderBy('position')
          .execute()
      : [];
    const invoices = await trx
      .selectFrom('invoices')
      .selectAll()
      .where('pharmacyId', '=', id)
      .execute();
    // Its invoices (and their payments) would go with it: money, whatever deleting pharmacies allows.
    if (invoices.length) authorize(actor.role, 'money.cascadeDelete');
    const invoiceLineItems = invoices.length
      ? await trx
          .selectFrom('invoiceLineItems')
          .selectAll()
          .where(
            'invoiceId',
            'in',
            invoices.map((i) => i.id),
          )
          .orderBy('position')
          .execute()
      : [];
    // Deleted payments go too, unlogged: their delete was logged when it was made.
    const payments = await trx
      .selectFrom('payments')
      .select([
        'id',
        'paymentNumber',
        'invoiceId',
        'pharmacyId',
        'date',
        'amount',
        'method',
        'reference',
        'notes',
        'unapplied',
        'createdAt',
        'updatedAt',
      ])
      .where('pharmacyId', '=', id)
      .where('deletedAt', 'is', null)
      .execute();
    await trx.deleteFrom('pharmacies').where('id', '=', id).execute();
    // Each record that went with it gets its own delete row too, so its history ends findably.
    const deletedWith = { entityType: 'pharmacy', label: pharmacy.name };
    const orderNumbers = new Map(orders.map((o) => [o.id, o.orderNumber]));
    const invoiceNumbers = new Map(invoices.map((i) => [i.id, i.invoiceNumber]));
    await logActivities(trx, [
      deleteEntry({ entity: pharmacyEntity, id, userId }, pharmacy, {
        cascade: { orders, orderLineItems, invoices, invoiceLineItems, payments },
      }),
      ...orders.map((order) =>
        deleteEntry(
          { entity: orderEntity, id: order.id, userId },
          orderSnapshot({
            ...order,
            pharmacy,
            lineItems: orderLineItems.filter((line) => line.orderId === order.id),
          }),
          { deletedWith },
        ),
      ),
      ...invoices.map((invoice) =>
        deleteEntry(
          { entity: invoiceEntity, id: invoice.id, userId },
          invoiceSnapshot({
            ...invoice,
            pharmacy,
            fromOrderNumber: orderNumbers.get(invoice.fromOrderId ?? 0) ?? null,
            lineItems: invoiceLineItems.filter((line) => line.invoiceId === invoice.id),
          }),
          { deletedWith },
        ),
      ),
      ...payments.map((payment) =>
        deleteEntry(
          { entity: paymentEntity, id: payment.id, userId },
          paymentSnapshot({
            ...payment,
            pharmacy,
            invoice:
              payment.invoiceId === null
                ? null
                : { invoiceNumber: invoiceNumbers.get(payment.invoiceId) ?? '' },
          }),
          { deletedWith },
        ),
      ),
    ]);
    return { id };
  });
}
