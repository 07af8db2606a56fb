import type { Db, Invoice, InvoiceLineItem, Order } from '@pharm/db';
import {
  formatUsd,
  fromCents,
  INVOICE_TABS,
  invoiceTotals,
  tabStatus,
  todayIso,
  toCents,
  type ClientInvoiceStatus,
  type InvoiceData,
  type InvoiceListQuery,
  type InvoiceSort,
  type SortedListCursor,
  type InvoiceStatus,
  type InvoiceTotals,
  type InvoiceUpdateData,
  type Page,
} from '@pharm/validators';
import { sql } from 'kysely';
import {
  createEntry,
  deleteEntry,
  logActivities,
  logUpdate,
  type Snapshot,
} from '../activity/record.js';
import {
  lockPharmacies,
  movedMeanwhile,
  paidCents,
  refreshPharmacyBalances,
  refreshSources,
  settledStatus,
} from './balances.js';
import { numberCreated, provisionalNumber } from '../../lib/db/document-numbers.js';
import { conflict, DomainError, invalid, notFound } from '../../lib/domain-error.js';
import {
  lineItemsOf,
  lineSnapshot,
  type InvoiceLine,
  PHARMACY_COLUMNS,
  withPharmacy,
} from '../documents/lines.js';
import { inDateRange, paginateSorted, type SortColumn } from '../../lib/db/paginate.js';
import { containsPattern } from '../../lib/db/sql.js';
import { pharmacyIdsMatching } from '../pharmacies/matching.js';
import { authorize, type Actor } from '../../lib/authorize.js';
import { ordersSelling } from '../products/sold.js';
import { inTransaction, lockOrThrow } from '../../lib/db/transaction.js';
import { paymentSnapshot } from '../payments/service.js';
import { autoApplyOnIssue } from '../allocations/service.js';
import { moveCountsFrom } from '../allocations/engine.js';
import { invoiceEntity } from './entity.js';
import { checkLicences } from '../licences/gate.js';
import { checkLineLots, checkLots, type LotGateLine } from '../lots/gate.js';
import { paymentEntity } from '../payments/entity.js';

export interface InvoiceListItem extends Invoice {
  pharmacy: { name: string; contactName: string | null; email: string; phone: string | null };
  lineItems: InvoiceLine[];
  /** total − balance: what its payments add up to. */
  amountPaid: string;
}

export interface InvoiceDetails extends InvoiceListItem {
  pharmacy: InvoiceListItem['pharmacy'] & {
    shippingAddress: string | null;
    billingAddress: string | null;
  };
  /** The number of the order it was made from, while that order exists. */
  fromOrderNumber: string | null;
}

function invoicesWithPharmacy(db: Db) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('pharmacies as p', 'p.id', 'i.pharmacyId')
    .selectAll('i')
    .select([
      'p.name as pharmacyName',
      'p.contactName',
      'p.email',
      'p.phone',
      sql<string>`i.total - i.balance`.as('amountPaid'),
    ]);
}

type InvoiceRow = Awaited<
  ReturnType<ReturnType<typeof invoicesWithPharmacy>['executeTakeFirstOrThrow']>
>;

/** The list's sorts (INVOICE_SORTS), each with its index (migration 0011). */
const INVOICE_SORT_COLUMNS: Record<InvoiceSort, SortColumn<InvoiceRow>> = {
  number: { column: 'i.invoiceNumber', kind: 'text', value: (row) => row.invoiceNumber },
  pharmacy: { column: 'p.name', kind: 'text', value: (row) => row.pharmacyName, joined: true },
  date: { column: 'i.invoiceDate', kind: 'date', value: (row) => row.invoiceDate },
  dueDate: { column: 'i.dueDate', kind: 'date', value: (row) => row.dueDate },
  total: { column: 'i.total', kind: 'money', value: (row) => row.total },
  balance: { column: 'i.balance', kind: 'money', value: (row) => row.balance },
  status: { column: 'i.status', kind: 'text', value: (row) => row.status },
};

/**
 * Newest first, or by `sort`, keyset-paginated (lib/db/paginate.ts). `tab` keeps one status, or
 * the overdue ones (docs/rules.md §3: due before today, balance above 0, not Paid); `payable`
 * those a payment can still go to; `q` matches the invoice number or the pharmacy name;
 * `pharmacyId` keeps one pharmacy's, `productId` those made from an order that sold it;
 * `from`..`to` bound the invoice date (or the due date).
 */
export async function listInvoices(
  db: Db,
  query: InvoiceListQuery,
  today = todayIso(),
): Promise<Page<InvoiceListItem, SortedListCursor>> {
  let q = inDateRange(
    invoicesWithPharmacy(db),
    query.dateField === 'due' ? 'i.dueDate' : 'i.invoiceDate',
    query,
  );
  if (query.pharmacyId) q = q.where('i.pharmacyId', '=', query.pharmacyId);
  if (query.productId) q = q.where('i.fromOrderId', 'in', ordersSelling(db, query.productId));
  if (query.tab === 'overdue') {
    q = q
      .where('i.dueDate', '<', today)
      .where('i.balance', '>', '0')
      .where('i.status', '<>', 'Paid');
  }
  const status = tabStatus(INVOICE_TABS, query.tab);
  if (status) q = q.where('i.status', '=', status);
  if (query.payable) q = q.where('i.balance', '>', '0').where('i.status', '<>', 'Paid');
  if (query.q) {
    const pattern = containsPattern(query.q);
    const pharmacyIds = await pharmacyIdsMatching(db, pattern);
    q = q.where((eb) =>
      eb.or([
        eb('i.invoiceNumber', 'ilike', pattern),
        ...(pharmacyIds.length ? [eb('i.pharmacyId', 'in', pharmacyIds)] : []),
      ]),
    );
  }
  const page = await paginateSorted(q, query, INVOICE_SORT_COLUMNS, 'i.id');
  const lines = await lineItemsOf(
    db,
    'invoice',
    page.items.map((row) => row.id),
  );
  const items = page.items.map(({ pharmacyName, contactName, email, phone, ...invoice }) => ({
    ...invoice,
    pharmacy: { name: pharmacyName, contactName, email, phone },
    lineItems: lines.get(invoice.id) ?? [],
  }));
  return { items, nextCursor: page.nextCursor };
}

/** An order the invoice form's From Order picker offers. */
export interface InvoiceOrderOption {
  id: number;
  orderNumber: string;
  pharmacyId: number;
  pharmacyName: string;
  orderDate: string;
  status: Order['status'];
  total: string;
}

/**
 * The orders an invoice may be made from, newest first: those not invoiced yet and not Cancelled
 * (docs/rules.md §3), with the pharmacy the form locks and the total it fills in.
 */
export function invoiceOrderOptions(db: Db): Promise<InvoiceOrderOption[]> {
  return db
    .selectFrom('orders as o')
    .innerJoin('pharmacies as p', 'p.id', 'o.pharmacyId')
    .select([
      'o.id',
      'o.orderNumber',
      'o.pharmacyId',
      'p.name as pharmacyName',
      'o.orderDate',
      'o.status',
      'o.total',
    ])
    .where('o.status', '<>', 'Cancelled')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('invoices as i').select('i.id').whereRef('i.fromOrderId', '=', 'o.id')),
      ),
    )
    .orderBy('o.id', 'desc')
    .execute();
}

/** An order's invoice, or null: an order is invoiced at most once (docs/rules.md §3). */
export interface OrderInvoice {
  id: number;
  invoiceNumber: string;
}

/**
 * The invoice of each order that has one. Orders invoiced more than once before migration 0010
 * keep every invoice; the oldest is theirs.
 */
export async function orderInvoices(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, OrderInvoice>> {
  const byOrder = new Map<number, OrderInvoice>();
  if (!orderIds.length) return byOrder;
  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'invoiceNumber', 'fromOrderId'])
    .where('fromOrderId', 'in', orderIds)
    .orderBy('id')
    .execute();
  for (const { fromOrderId, ...invoice } of rows) {
    if (fromOrderId !== null && !byOrder.has(fromOrderId)) byOrder.set(fromOrderId, invoice);
  }
  return byOrder;
}

async function orderInvoice(db: Db, orderId: number): Promise<OrderInvoice | null> {
  return (await orderInvoices(db, [orderId])).get(orderId) ?? null;
}

export async function getInvoice(db: Db, id: number): Promise<InvoiceDetails> {
  const row = await db
    .selectFrom('invoices as i')
    .innerJoin('pharmacies as p', 'p.id', 'i.pharmacyId')
    .leftJoin('orders as o', 'o.id', 'i.fromOrderId')
    .selectAll('i')
    .select([
      ...PHARMACY_COLUMNS,
      'o.orderNumber as fromOrderNumber',
      sql<string>`i.total - i.balance`.as('amountPaid'),
    ])
    .where('i.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Invoice');
  return {
    ...withPharmacy(row),
    lineItems: (await lineItemsOf(db, 'invoice', [id])).get(id) ?? [],
  };
}

/** docs/rules.md §2: the server's own subtotal, tax and total; client-sent ones are ignored. */
function computeTotals(amount: string, data: InvoiceData) {
  const totals = invoiceTotals({ amount, taxRate: data.taxRate, shipping: data.shipping });
  if (!totals.fits) throw invalid('Invoice total is too large', ['amount']);
  return totals;
}

/** The columns a whole invoice sets: the form's fields, the status and the server's amounts. */
function invoiceColumns(
  data: InvoiceData,
  amount: string,
  totals: InvoiceTotals,
  status: InvoiceStatus,
) {
  return {
    fromOrderId: data.fromOrderId,
    pharmacyId: data.pharmacyId,
    invoiceDate: data.invoiceDate,
    dueDate: data.dueDate,
    terms: data.terms,
    notes: data.notes,
    lotNumber: data.lotNumber,
    traySize: data.traySize,
    nestSize: data.nestSize,
    caseSize: data.caseSize,
    status,
    taxRate: data.taxRate,
    shipping: data.shipping,
    amount,
    subtotal: fromCents(totals.subtotal),
    taxAmount: fromCents(totals.taxAmount),
    total: fromCents(totals.total),
  };
}

/**
 * The order an invoice is made from, locked so that it cannot be cancelled, deleted or invoiced
 * by another request until we commit (NO KEY UPDATE: two invoices from one order take turns, and
 * the foreign keys of rows referring to it, KEY SHARE, are not held up). It is locked after the
 * pharmacy and before the invoice (docs/rules.md §3): an order delete locks the order and then
 * its invoices (to clear their `fromOrderId`), so this order keeps the two from waiting on each
 * other crosswise.
 */
async function lockOrder(trx: Db, orderId: number): Promise<Order> {
  const order = await trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!order) throw invalid(`Order ${orderId} does not exist`, ['fromOrderId']);
  return order;
}

/**
 * The invoice is the order's pharmacy's, and a Cancelled order or one invoiced already is not
 * invoiced. All are checked when the invoice is `linking` to the order anew (under the order's
 * lock, lockOrder), the pharmacy also when the invoice moves: an invoice whose order was
 * cancelled or moved after it was made stays editable.
 */
async function checkSourceOrder(
  trx: Db,
  order: Order,
  pharmacyId: number,
  { linking, moving }: { linking: boolean; moving: boolean },
): Promise<void> {
  if (linking && order.status === 'Cancelled') {
    throw conflict(`Order ${order.orderNumber} is Cancelled and cannot be invoiced`);
  }
  if (linking) {
    const invoiced = await orderInvoice(trx, order.id);
    if (invoiced) {
      const message = `Order ${order.orderNumber} is already invoiced on ${invoiced.invoiceNumber}`;
      throw new DomainError('CONFLICT', message, [{ path: ['fromOrderId'], message }]);
    }
  }
  if ((linking || moving) && order.pharmacyId !== pharmacyId) {
    throw invalid(`The invoice's pharmacy must be order ${order.orderNumber}'s pharmacy`, [
      'pharmacyId',
    ]);
  }
}

async function copyOrderLines(trx: Db, invoiceId: number, orderId: number): Promise<void> {
  await trx.deleteFrom('invoiceLineItems').where('invoiceId', '=', invoiceId).execute();
  await trx
    .insertInto('invoiceLineItems')
    .columns(['invoiceId', 'position', 'description', 'qty', 'unitPrice', 'lineTotal', 'lotId'])
    .expression((eb) =>
      eb
        .selectFrom('orderLineItems')
        .select([
          sql.lit(invoiceId).as('invoiceId'),
          'position',
          'description',
          'qty',
          'unitPrice',
          'lineTotal',
          'lotId',
        ])
        .where('orderId', '=', orderId),
    )
    .execute();
}

/**
 * Issue 30: an invoice without a lot number of its own takes its lines' lot number when every
 * line with a lot has the same one (the spec's invoice-level field, which the recall reads).
 */
async function fillLotNumber(trx: Db, invoiceId: number): Promise<void> {
  await sql`
    update invoices i
       set lot_number = shared.lot_number
      from (select min(l.lot_number) as lot_number
              from invoice_line_items li
              join lots l on l.id = li.lot_id
             where li.invoice_id = ${invoiceId}
            having count(distinct li.lot_id) = 1) shared
     where i.id = ${invoiceId} and i.lot_number is null`.execute(trx);
}

/**
 * The lines whose lots an invoice's issue checks (lots/gate.ts): those of the order it is made
 * from while they are to be copied, else its own, with the SKUs of the order lines they came
 * from (invoice lines keep none).
 */
async function invoiceLotLines(
  trx: Db,
  invoiceId: number | null,
  orderId: number | null,
): Promise<LotGateLine[]> {
  if (invoiceId === null) {
    return orderId ? ((await lineItemsOf(trx, 'order', [orderId])).get(orderId) ?? []) : [];
  }
  return trx
    .selectFrom('invoiceLineItems as li')
    .innerJoin('invoices as i', 'i.id', 'li.invoiceId')
    .leftJoin('orderLineItems as ol', (join) =>
      join.onRef('ol.orderId', '=', 'i.fromOrderId').onRef('ol.position', '=', 'li.position'),
    )
    .select(['li.lotId', 'ol.productSku', 'ol.variantSku'])
    .where('li.invoiceId', '=', invoiceId)
    .orderBy('li.position')
    .execute();
}

/**
 * Issue 30, on a create from an order: the order's lines with the lots the request names for
 * them (by the order line's id), each checked to be a lot of that line's variant. These are the
 * lines the issue checks and the invoice's copies take their lots from.
 */
async function withPickedLots<Line extends LotGateLine & { id: number }>(
  trx: Db,
  lines: readonly Line[],
  named: readonly { id: number; lotId: number | null }[] | undefined,
): Promise<Line[]> {
  if (!named?.length) return [...lines];
  const byId = new Map(lines.map((line) => [line.id, line]));
  const picks = named.map((pick, index) => {
    const line = byId.get(pick.id);
    if (!line) {
      throw invalid(`Line ${pick.id} is not a line of the order`, ['lineItems', index, 'id']);
    }
    return { ...line, lotId: pick.lotId };
  });
  // In the request's order, so a refusal names the request's line.
  await checkLineLots(trx, picks);
  const lots = new Map(picks.map((pick) => [pick.id, pick.lotId]));
  return lines.map((line) => (lots.has(line.id) ? { ...line, lotId: lots.get(line.id)! } : line));
}

/** The amount to invoice: as given, else the order's total. */
function amountOf(data: InvoiceData, order: Order | null): string {
  if (data.amount !== null) return data.amount;
  if (order) return order.total;
  throw invalid('Amount is required', ['amount']);
}

/**
 * docs/rules.md §3: a client may issue a Draft (→ Unpaid) or mark an invoice Paid when nothing
 * is owed; keeping the status it has is no change. Anything else follows from the payments.
 */
function checkRequestedStatus(
  from: InvoiceStatus | null,
  to: ClientInvoiceStatus,
  balanceCents: number,
  label: string,
): void {
  if (to === 'Paid') {
    if (balanceCents > 0) {
      throw conflict(
        `${label} cannot be marked Paid while its balance is ${formatUsd(balanceCents)}`,
        ['status'],
      );
    }
    return;
  }
  if (from === null || from === to || (from === 'Draft' && to === 'Unpaid')) return;
  throw conflict(`Cannot change invoice status from ${from} to ${to}`);
}

/**
 * What the activity log keeps of an invoice: its fields, its pharmacy and order by name and
 * number, and its line items. Built from rows too, for the invoices a pharmacy's delete takes along.
 */
export function invoiceSnapshot(
  invoice: Invoice & {
    pharmacy: { name: string };
    fromOrderNumber: string | null;
    lineItems: readonly (InvoiceLineItem & { lot?: InvoiceLine['lot'] })[];
  },
): Snapshot {
  return {
    invoiceNumber: invoice.invoiceNumber,
    pharmacy: invoice.pharmacy.name,
    fromOrder: invoice.fromOrderNumber,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    terms: invoice.terms,
    status: invoice.status,
    amount: invoice.amount,
    taxRate: invoice.taxRate,
    taxAmount: invoice.taxAmount,
    shipping: invoice.shipping,
    subtotal: invoice.subtotal,
    total: invoice.total,
    balance: invoice.balance,
    lotNumber: invoice.lotNumber,
    traySize: invoice.traySize,
    nestSize: invoice.nestSize,
    caseSize: invoice.caseSize,
    notes: invoice.notes,
    lineItems: invoice.lineItems.map(lineSnapshot),
  };
}

/**
 * Issuing an invoice needs the licences (licences/gate.ts) for the lines of the order it is made
 * from; its pharmacy is locked already (lockPharmacies, before the order and the invoice). No
 * override here: the admin's override is for an order's send or fulfil.
 */
async function checkInvoiceLicences(
  trx: Db,
  pharmacyId: number,
  orderId: number | null,
  action: string,
): Promise<void> {
  const lines = orderId ? ((await lineItemsOf(trx, 'order', [orderId])).get(orderId) ?? []) : [];
  await checkLicences(trx, { pharmacyId, lines, action, role: null });
}

export function createInvoice(db: Db, data: InvoiceData, userId: string): Promise<InvoiceDetails> {
  return inTransaction(db, async (trx) => {
    await lockPharmacies(trx, [data.pharmacyId]);
    const order = data.fromOrderId ? await lockOrder(trx, data.fromOrderId) : null;
    if (order) {
      await checkSourceOrder(trx, order, data.pharmacyId, { linking: true, moving: false });
    }
    const amount = amountOf(data, order);
    const totals = computeTotals(amount, data);
    const requested = data.status ?? 'Draft';
    checkRequestedStatus(null, requested, totals.total, 'An invoice');
    const status = settledStatus(requested, 0, totals.total);
    const orderLines = order
      ? ((await lineItemsOf(trx, 'order', [order.id])).get(order.id) ?? [])
      : [];
    const lines = await withPickedLots(trx, orderLines, data.lineItems);
    if (status !== 'Draft') {
      await checkInvoiceLicences(trx, data.pharmacyId, order?.id ?? null, 'issue an invoice');
      await checkLots(trx, { pharmacyId: data.pharmacyId, lines, action: 'issue an invoice' });
    }

    const provisional = provisionalNumber(invoiceEntity);
    const { id } = await trx
      .insertInto('invoices')
      .values({
        invoiceNumber: provisional,
        ...invoiceColumns(data, amount, totals, status),
        balance: fromCents(totals.total),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (order) {
      await copyOrderLines(trx, id, order.id);
      for (const [index, line] of lines.entries()) {
        if (line.lotId === orderLines[index]!.lotId) continue;
        await trx
          .updateTable('invoiceLineItems')
          .set({ lotId: line.lotId })
          .where('invoiceId', '=', id)
          .where('position', '=', line.position)
          .execute();
      }
      await fillLotNumber(trx, id);
    }
    await refreshPharmacyBalances(trx, [data.pharmacyId]);
    if (status !== 'Draft') await autoApplyOnIssue(trx, data.pharmacyId, id, userId);
    const created = await getInvoice(trx, id);
    // The last statement: the counter row stays locked from here to the commit only.
    created.invoiceNumber = await numberCreated(
      trx,
      invoiceEntity,
      { id, provisional, column: 'invoiceNumber' },
      createEntry({ entity: invoiceEntity, id, userId }, invoiceSnapshot(created)),
    );
    return created;
  });
}

/**
 * Locks the invoice's pharmacy (and any other named), the order named (when one is), then the
 * invoice. The invoice's pharmacy is read before its lock, so a move in between starts the
 * transaction over.
 */
async function lockInvoice(
  trx: Db,
  id: number,
  also: { pharmacies?: number[]; orderId?: number | null } = {},
): Promise<{ invoice: Invoice; order: Order | null }> {
  const before = await trx
    .selectFrom('invoices')
    .select('pharmacyId')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!before) throw notFound('Invoice');
  await lockPharmacies(trx, [before.pharmacyId, ...(also.pharmacies ?? [])]);
  const order = also.orderId ? await lockOrder(trx, also.orderId) : null;
  const invoice = await lockOrThrow(trx, invoiceEntity, id);
  if (invoice.pharmacyId !== before.pharmacyId) throw movedMeanwhile();
  return { invoice, order };
}

/** The invoice after an update: its pharmacies' balances refreshed and the change logged. */
async function updated(
  trx: Db,
  before: InvoiceDetails,
  pharmacyIds: number[],
  userId: string,
): Promise<InvoiceDetails> {
  await refreshPharmacyBalances(trx, pharmacyIds);
  const after = await getInvoice(trx, before.id);
  await logUpdate(
    trx,
    { entity: invoiceEntity, id: before.id, userId },
    invoiceSnapshot(before),
    invoiceSnapshot(after),
  );
  return after;
}

/**
 * Issue 30: the lots a Draft's update names for its lines, by line id. Each must be a lot of the
 * line's variant (or product), read from the order line it was copied from; an issued invoice's
 * lines keep theirs, since its issue checked them.
 */
async function setLineLots(
  trx: Db,
  invoice: Invoice,
  relinked: boolean,
  lines: readonly { id: number; lotId: number | null }[],
): Promise<void> {
  const label = `Invoice ${invoice.invoiceNumber}`;
  const own = await trx
    .selectFrom('invoiceLineItems as li')
    .innerJoin('invoices as i', 'i.id', 'li.invoiceId')
    .leftJoin('orderLineItems as ol', (join) =>
      join.onRef('ol.orderId', '=', 'i.fromOrderId').onRef('ol.position', '=', 'li.position'),
    )
    .select(['li.id', 'li.lotId', 'ol.productSku', 'ol.variantSku'])
    .where('li.invoiceId', '=', invoice.id)
    .execute();
  const byId = new Map(own.map((line) => [line.id, line]));
  const named = lines.map((line, index) => {
    const found = byId.get(line.id);
    if (!found) {
      throw invalid(`Line ${line.id} is not a line of ${label}`, ['lineItems', index, 'id']);
    }
    return { ...found, lotId: line.lotId, changed: found.lotId !== line.lotId };
  });
  // An invoice sent back as it was read (its lines with their lots) changes nothing here.
  if (!named.some((line) => line.changed)) return;
  if (invoice.status !== 'Draft') {
    throw conflict(`${label} is issued: the lots of its lines no longer change`, ['lineItems']);
  }
  if (relinked) {
    throw invalid("Name the lines' lots once the invoice is made from its new order", [
      'lineItems',
    ]);
  }
  await checkLineLots(trx, named);
  for (const line of named.filter((l) => l.changed)) {
    await trx
      .updateTable('invoiceLineItems')
      .set({ lotId: line.lotId })
      .where('id', '=', line.id)
      .execute();
  }
}

/**
 * The whole invoice (line items copied again when it is made from another order), or only
 * `{status}`. The balance and status follow from the payments; a total below what is paid is
 * refused, as is moving an invoice with payments to another pharmacy.
 */
export function updateInvoice(
  db: Db,
  id: number,
  data: InvoiceUpdateData,
  userId: string,
): Promise<InvoiceDetails> {
  return inTransaction(db, async (trx) => {
    if (!('invoiceDate' in data)) {
      const { invoice: current } = await lockInvoice(trx, id);
      const from = current.status;
      const to = data.status;
      const label = `Invoice ${current.invoiceNumber}`;
      checkRequestedStatus(from, to, toCents(current.balance), label);
      const before = await getInvoice(trx, id);
      if (to === from) return before;
      if (from === 'Draft') {
        await checkInvoiceLicences(
          trx,
          current.pharmacyId,
          current.fromOrderId,
          `issue invoice ${current.invoiceNumber}`,
        );
        await checkLots(trx, {
          pharmacyId: current.pharmacyId,
          lines: await invoiceLotLines(trx, id, current.fromOrderId),
          action: `issue invoice ${current.invoiceNumber}`,
        });
      }
      await trx
        .updateTable('invoices')
        .set({
          status: settledStatus(to, await paidCents(trx, id), toCents(current.total)),
          updatedAt: sql`now()`,
        })
        .where('id', '=', id)
        .execute();
      if (from === 'Draft') await autoApplyOnIssue(trx, current.pharmacyId, id, userId);
      return updated(trx, before, [current.pharmacyId], userId);
    }

    const { invoice: current, order } = await lockInvoice(trx, id, {
      pharmacies: [data.pharmacyId],
      orderId: data.fromOrderId,
    });
    const label = `Invoice ${current.invoiceNumber}`;
    const relinked = data.fromOrderId !== current.fromOrderId;
    if (order) {
      await checkSourceOrder(trx, order, data.pharmacyId, {
        linking: relinked,
        moving: data.pharmacyId !== current.pharmacyId,
      });
    }
    const paid = await paidCents(trx, id);
    // Voided allocations keep their pharmacy too (their foreign key holds it), so any allocation
    // pins the invoice where it is.
    if (data.pharmacyId !== current.pharmacyId && (paid > 0 || (await hasAllocations(trx, id)))) {
      throw conflict(`${label} has payments and cannot move to another pharmacy`);
    }
    const amount = amountOf(data, order);
    const totals = computeTotals(amount, data);
    if (totals.total < paid) {
      throw conflict(
        `${label} total of ${formatUsd(totals.total)} cannot be below the ${formatUsd(paid)} already paid`,
        ['amount'],
      );
    }
    const from = current.status;
    if (data.status) checkRequestedStatus(from, data.status, totals.total - paid, label);
    const status = settledStatus(data.status ?? from, paid, totals.total);
    const before = await getInvoice(trx, id);
    if (data.lineItems) await setLineLots(trx, current, relinked, data.lineItems);
    if (from === 'Draft' && status !== 'Draft') {
      await checkInvoiceLicences(
        trx,
        data.pharmacyId,
        data.fromOrderId,
        `issue invoice ${current.invoiceNumber}`,
      );
      await checkLots(trx, {
        pharmacyId: data.pharmacyId,
        lines: await invoiceLotLines(trx, relinked ? null : id, data.fromOrderId),
        action: `issue invoice ${current.invoiceNumber}`,
      });
    }

    await trx
      .updateTable('invoices')
      .set({
        ...invoiceColumns(data, amount, totals, status),
        balance: fromCents(totals.total - paid),
        updatedAt: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    // A report as of a past day counts its allocations from the new date on.
    if (data.invoiceDate !== current.invoiceDate) await moveCountsFrom(trx, { invoiceId: id });
    if (relinked) {
      if (order) await copyOrderLines(trx, id, order.id);
      else await trx.deleteFrom('invoiceLineItems').where('invoiceId', '=', id).execute();
    }
    if (from === 'Draft' && status !== 'Draft') {
      await autoApplyOnIssue(trx, data.pharmacyId, id, userId);
    }
    await fillLotNumber(trx, id);
    return updated(trx, before, [current.pharmacyId, data.pharmacyId], userId);
  });
}

async function hasAllocations(trx: Db, invoiceId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('allocations')
    .select('id')
    .where('invoiceId', '=', invoiceId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Hard delete with its line items and payments; the activity log keeps all three. */
export function deleteInvoice(db: Db, id: number, actor: Actor): Promise<{ id: number }> {
  const userId = actor.id;
  return inTransaction(db, async (trx) => {
    const { invoice } = await lockInvoice(trx, id);
    const details = await getInvoice(trx, id);
    // decisions.md §9: the allocations to it go with it, so what they took from each payment or
    // credit note is unapplied again; a payment recorded for it alone (the spec's shape, never
    // applied elsewhere nor refunded) goes with it as the spec says.
    // A deleted payment's allocations (voided by its delete) go too, as if it were gone already.
    const sources = await trx
      .selectFrom('allocations as a')
      .leftJoin('payments as pm', 'pm.id', 'a.paymentId')
      .select(['a.paymentId', 'a.creditNoteId'])
      .where('a.invoiceId', '=', id)
      .where('pm.deletedAt', 'is', null)
      .execute();
    const recordedFor = await trx
      .selectFrom('payments as pm')
      .selectAll('pm')
      .select((eb) =>
        eb
          .or([
            eb.exists(
              eb
                .selectFrom('allocations as a')
                .select('a.id')
                .whereRef('a.paymentId', '=', 'pm.id')
                .where('a.invoiceId', '<>', id),
            ),
            eb.exists(
              eb.selectFrom('refunds as r').select('r.id').whereRef('r.paymentId', '=', 'pm.id'),
            ),
          ])
          .as('carriesMore'),
      )
      .where('pm.invoiceId', '=', id)
      .orderBy('pm.id')
      .execute();
    const payments = recordedFor
      .filter((p) => !p.carriesMore)
      .map(({ carriesMore: _kept, deletedAt: _deleted, deletedBy: _by, ...payment }) => payment);
    const kept = recordedFor.filter((p) => p.carriesMore).map((p) => p.id);
    if (payments.length || sources.length) authorize(actor.role, 'money.cascadeDelete');
    if (kept.length) {
      await trx.updateTable('payments').set({ invoiceId: null }).where('id', 'in', kept).execute();
    }
    await trx.deleteFrom('invoices').where('id', '=', id).execute();
    const gone = new Set(payments.map((p) => p.id));
    await refreshSources(trx, {
      paymentIds: sources.flatMap((s) =>
        s.paymentId && !gone.has(s.paymentId) ? [s.paymentId] : [],
      ),
      creditNoteIds: sources.flatMap((s) => (s.creditNoteId ? [s.creditNoteId] : [])),
    });
    await refreshPharmacyBalances(trx, [invoice.pharmacyId]);
    const snapshot = invoiceSnapshot(details);
    const deletedWith = { entityType: 'invoice', label: details.invoiceNumber };
    await logActivities(trx, [
      deleteEntry({ entity: invoiceEntity, id, userId }, snapshot, { cascade: { payments } }),
      ...payments.map((payment) =>
        deleteEntry(
          { entity: paymentEntity, id: payment.id, userId },
          paymentSnapshot({ ...payment, invoice: details, pharmacy: details.pharmacy }),
          { deletedWith },
        ),
      ),
    ]);
    return { id };
  });
}
