import type { Db, Order, OrderLineItem } from '@pharm/db';
import {
  fromCents,
  canTransitionOrder,
  isOrderEditable,
  orderTotals,
  type OrderData,
  type OrderListQuery,
  type OrderSort,
  type SortedListCursor,
  type OrderUpdateData,
  type Page,
} from '@pharm/validators';
import { sql } from 'kysely';
import { createEntry, logDelete, logUpdate, type Snapshot } from '../activity/record.js';
import { HOLD_COLUMNS, pharmaciesWithHold, withCreditHold } from '../pharmacies/credit-hold.js';
import { authorize, type Actor } from '../../lib/authorize.js';
import { inTransaction, lockOrThrow } from '../../lib/db/transaction.js';
import { numberCreated, provisionalNumber } from '../../lib/db/document-numbers.js';
import { conflict, invalid, notFound } from '../../lib/domain-error.js';
import {
  lineItemsOf,
  lineSnapshot,
  type OrderLine,
  PHARMACY_COLUMNS,
  withPharmacy,
} from '../documents/lines.js';
import { inDateRange, paginateSorted, type SortColumn } from '../../lib/db/paginate.js';
import { containsPattern } from '../../lib/db/sql.js';
import { pharmacyIdsMatching } from '../pharmacies/matching.js';
import { ordersSelling } from '../products/sold.js';
import { orderInvoices, type OrderInvoice } from '../invoices/service.js';
import { orderEntity } from './entity.js';
import { checkLicences, lockPharmacyForGate } from '../licences/gate.js';
import { checkLineLots, checkLots } from '../lots/gate.js';
import { movedMeanwhile } from '../invoices/balances.js';

export interface OrderListItem extends Order {
  pharmacy: { name: string };
  lineItems: OrderLine[];
  /** Σ qty of the line items (the list's Items column). */
  itemCount: number;
  /** The invoice made from it, while there is one (an order is invoiced at most once). */
  invoice: OrderInvoice | null;
}

export interface OrderDetails extends Order {
  pharmacy: {
    name: string;
    contactName: string | null;
    email: string;
    phone: string | null;
    shippingAddress: string | null;
    billingAddress: string | null;
  };
  lineItems: OrderLine[];
  itemCount: number;
  invoice: OrderInvoice | null;
}

const itemCount = (lineItems: readonly OrderLineItem[]) =>
  lineItems.reduce((n, line) => n + line.qty, 0);

function ordersWithPharmacy(db: Db) {
  return db
    .selectFrom('orders as o')
    .innerJoin('pharmacies as p', 'p.id', 'o.pharmacyId')
    .selectAll('o')
    .select('p.name as pharmacyName');
}

type OrderRow = Awaited<
  ReturnType<ReturnType<typeof ordersWithPharmacy>['executeTakeFirstOrThrow']>
>;

/** The list's sorts (ORDER_SORTS), each with its index (migration 0011). */
const ORDER_SORT_COLUMNS: Record<OrderSort, SortColumn<OrderRow>> = {
  number: { column: 'o.orderNumber', kind: 'text', value: (row) => row.orderNumber },
  pharmacy: { column: 'p.name', kind: 'text', value: (row) => row.pharmacyName, joined: true },
  date: { column: 'o.orderDate', kind: 'date', value: (row) => row.orderDate },
  total: { column: 'o.total', kind: 'money', value: (row) => row.total },
  status: { column: 'o.status', kind: 'text', value: (row) => row.status },
};

/**
 * Newest first, or by `sort`, keyset-paginated (lib/db/paginate.ts); `q` matches the order
 * number or the pharmacy name; `status`, `pharmacyId`, `productId` and the order date's `from`..`to` narrow it.
 */
export async function listOrders(
  db: Db,
  query: OrderListQuery,
): Promise<Page<OrderListItem, SortedListCursor>> {
  let q = inDateRange(ordersWithPharmacy(db), 'o.orderDate', query);
  if (query.status) q = q.where('o.status', '=', query.status);
  if (query.pharmacyId) q = q.where('o.pharmacyId', '=', query.pharmacyId);
  if (query.productId) q = q.where('o.id', 'in', ordersSelling(db, query.productId));
  if (query.q) {
    const pattern = containsPattern(query.q);
    const pharmacyIds = await pharmacyIdsMatching(db, pattern);
    q = q.where((eb) =>
      eb.or([
        eb('o.orderNumber', 'ilike', pattern),
        ...(pharmacyIds.length ? [eb('o.pharmacyId', 'in', pharmacyIds)] : []),
      ]),
    );
  }
  const page = await paginateSorted(q, query, ORDER_SORT_COLUMNS, 'o.id');
  const ids = page.items.map((row) => row.id);
  const lines = await lineItemsOf(db, 'order', ids);
  const invoices = await orderInvoices(db, ids);
  const items = page.items.map(({ pharmacyName, ...order }) => {
    const lineItems = lines.get(order.id) ?? [];
    return {
      ...order,
      pharmacy: { name: pharmacyName },
      lineItems,
      itemCount: itemCount(lineItems),
      invoice: invoices.get(order.id) ?? null,
    };
  });
  return { items, nextCursor: page.nextCursor };
}

export async function getOrder(db: Db, id: number): Promise<OrderDetails> {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('pharmacies as p', 'p.id', 'o.pharmacyId')
    .selectAll('o')
    .select(PHARMACY_COLUMNS)
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Order');
  const lineItems = (await lineItemsOf(db, 'order', [id])).get(id) ?? [];
  return {
    ...withPharmacy(row),
    lineItems,
    itemCount: itemCount(lineItems),
    invoice: (await orderInvoices(db, [id])).get(id) ?? null,
  };
}

/** docs/rules.md §2: the server's own line totals and total; client-sent ones are ignored. */
function computeTotals(data: OrderData) {
  const totals = orderTotals(data.lineItems);
  if (!totals.fits) throw invalid('Order total is too large', ['lineItems']);
  return { lineTotals: totals.lineTotals.map(fromCents), total: fromCents(totals.total) };
}

/** The pharmacy must exist; the key-share lock keeps it from being deleted until we commit. */
async function lockPharmacy(trx: Db, pharmacyId: number): Promise<void> {
  const pharmacy = await trx
    .selectFrom('pharmacies')
    .select('id')
    .where('id', '=', pharmacyId)
    .forKeyShare()
    .executeTakeFirst();
  if (!pharmacy) throw invalid(`Pharmacy ${pharmacyId} does not exist`, ['pharmacyId']);
}

async function insertLineItems(
  trx: Db,
  orderId: number,
  data: OrderData,
  lineTotals: string[],
): Promise<void> {
  await checkLineLots(trx, data.lineItems);
  await trx
    .insertInto('orderLineItems')
    .values(
      data.lineItems.map((line, position) => ({
        orderId,
        position,
        productSku: line.productSku,
        variantSku: line.variantSku,
        description: line.description,
        qty: line.qty,
        unitPrice: line.unitPrice,
        lineTotal: lineTotals[position]!,
        lotId: line.lotId,
      })),
    )
    .execute();
}

/**
 * What the activity log keeps of an order: its fields, its pharmacy by name and its line items.
 * Built from rows too, for the orders a pharmacy's delete takes along.
 */
export function orderSnapshot(
  order: Order & {
    pharmacy: { name: string };
    lineItems: readonly (OrderLineItem & { lot?: OrderLine['lot'] })[];
  },
): Snapshot {
  return {
    orderNumber: order.orderNumber,
    pharmacy: order.pharmacy.name,
    orderDate: order.orderDate,
    shipMethod: order.shipMethod,
    status: order.status,
    notes: order.notes,
    subtotal: order.subtotal,
    total: order.total,
    lineItems: order.lineItems.map((line) => ({
      productSku: line.productSku,
      variantSku: line.variantSku,
      ...lineSnapshot(line),
    })),
  };
}

export function createOrder(db: Db, data: OrderData, userId: string): Promise<OrderDetails> {
  const totals = computeTotals(data);
  return inTransaction(db, async (trx) => {
    await lockPharmacy(trx, data.pharmacyId);
    const provisional = provisionalNumber(orderEntity);
    const { id } = await trx
      .insertInto('orders')
      .values({
        orderNumber: provisional,
        pharmacyId: data.pharmacyId,
        orderDate: data.orderDate,
        shipMethod: data.shipMethod,
        notes: data.notes,
        subtotal: totals.total,
        total: totals.total,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertLineItems(trx, id, data, totals.lineTotals);
    const created = await getOrder(trx, id);
    // The last statement: the counter row stays locked from here to the commit only.
    created.orderNumber = await numberCreated(
      trx,
      orderEntity,
      { id, provisional, column: 'orderNumber' },
      createEntry({ entity: orderEntity, id, userId }, orderSnapshot(created)),
    );
    return created;
  });
}

/**
 * Sending (Draft → Sent) an order of a pharmacy on credit hold is refused unless the request
 * gives a reason to override it; returns what the activity log keeps of an override, or null.
 */
async function checkCreditHold(
  trx: Db,
  pharmacyId: number,
  overrideReason: string | undefined,
): Promise<{ holdReason: string; overrideReason: string } | null> {
  const row = await pharmaciesWithHold(trx)
    .select(['p.name', 'p.balance', 'p.unapplied', 'p.creditLimit', ...HOLD_COLUMNS])
    .where('p.id', '=', pharmacyId)
    .executeTakeFirst();
  const hold = row && withCreditHold(row).creditHold;
  if (!row || !hold) return null;
  if (!overrideReason) {
    // About the pharmacy: the order form shows it under its Pharmacy field as well.
    throw conflict(`Pharmacy ${row.name} is on credit hold: ${hold.reason}`, ['pharmacyId']);
  }
  return { holdReason: hold.reason, overrideReason };
}

/**
 * A status change alone (`{status}`), or the whole order with an optional status change; the
 * line items are replaced. Setting the status the order already has changes nothing.
 */
export function updateOrder(
  db: Db,
  id: number,
  data: OrderUpdateData,
  actor: Actor,
): Promise<OrderDetails> {
  const userId = actor.id;
  const totals = 'lineItems' in data ? computeTotals(data) : null;
  return inTransaction(db, async (trx) => {
    // The pharmacy before the order (the lock order): the licence gate reads its licences, and
    // licence writes lock the same row. Read unlocked first, so a move meanwhile starts over.
    const located = await trx
      .selectFrom('orders')
      .select('pharmacyId')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!located) throw notFound('Order');
    const pharmacyId = 'pharmacyId' in data ? data.pharmacyId : located.pharmacyId;
    await lockPharmacyForGate(trx, pharmacyId);
    const current = await lockOrThrow(trx, orderEntity, id);
    if (current.pharmacyId !== located.pharmacyId) throw movedMeanwhile();
    const from = current.status;
    const to = data.status ?? from;
    if (!canTransitionOrder(from, to)) {
      throw conflict(`Cannot change order status from ${from} to ${to}`);
    }
    const holdOverride =
      from === 'Draft' && to === 'Sent'
        ? await checkCreditHold(trx, pharmacyId, data.holdOverrideReason)
        : null;
    // Asked only when the hold is really overridden: a reason sent for a pharmacy not on hold
    // overrides nothing.
    if (holdOverride) authorize(actor.role, 'creditHold.override');
    const licenceOverride =
      to !== from && (to === 'Sent' || to === 'Fulfilled')
        ? await checkLicences(trx, {
            pharmacyId,
            lines:
              'lineItems' in data
                ? data.lineItems
                : ((await lineItemsOf(trx, 'order', [id])).get(id) ?? []),
            action: `${to === 'Sent' ? 'send' : 'fulfil'} order ${current.orderNumber}`,
            overrideReason: data.licenceOverrideReason,
            role: actor.role,
          })
        : null;
    if (to !== from && to === 'Fulfilled') {
      await checkLots(trx, {
        pharmacyId,
        lines:
          'lineItems' in data
            ? data.lineItems
            : ((await lineItemsOf(trx, 'order', [id])).get(id) ?? []),
        action: `fulfil order ${current.orderNumber}`,
      });
    }

    const before = await getOrder(trx, id);

    if (!('lineItems' in data) || !totals) {
      if (to === from) return before;
      await trx
        .updateTable('orders')
        .set({ status: to, updatedAt: sql`now()` })
        .where('id', '=', id)
        .execute();
    } else {
      if (!isOrderEditable(from)) {
        throw conflict(`Order ${current.orderNumber} is ${from} and can no longer be edited`);
      }
      await trx
        .updateTable('orders')
        .set({
          pharmacyId: data.pharmacyId,
          orderDate: data.orderDate,
          shipMethod: data.shipMethod,
          notes: data.notes,
          status: to,
          subtotal: totals.total,
          total: totals.total,
          updatedAt: sql`now()`,
        })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('orderLineItems').where('orderId', '=', id).execute();
      await insertLineItems(trx, id, data, totals.lineTotals);
    }
    const after = await getOrder(trx, id);
    await logUpdate(
      trx,
      { entity: orderEntity, id, userId },
      orderSnapshot(before),
      orderSnapshot(after),
      {
        ...(holdOverride ? { creditHoldOverride: holdOverride } : {}),
        ...(licenceOverride ? { licenceOverride } : {}),
      },
    );
    return after;
  });
}

/** Hard delete; the activity log keeps the order and its line items. */
export function deleteOrder(db: Db, id: number, actor: Actor): Promise<{ id: number }> {
  const userId = actor.id;
  return inTransaction(db, async (trx) => {
    const locked = await lockOrThrow(trx, orderEntity, id);
    // A draft is a sales rep's work in progress; a sent order may already carry an invoice.
    if (locked.status !== 'Draft') authorize(actor.role, 'money.cascadeDelete');
    const order = await getOrder(trx, id);
    await trx.deleteFrom('orders').where('id', '=', id).execute();
    await logDelete(trx, { entity: orderEntity, id, userId }, orderSnapshot(order));
    return { id };
  });
}
