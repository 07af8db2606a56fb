import { createHash } from 'node:crypto';
import type { Db, Invoice, Payment } from '@pharm/db';
import {
  formatUsd,
  sumCents,
  toCents,
  type AllocationData,
  type AllocationOutput,
  type InvoiceStatus,
  type Page,
  type PaymentCreateData,
  type PaymentListQuery,
  type PaymentSort,
  type PaymentUpdateData,
  type RefundOutput,
  type SortedListCursor,
} from '@pharm/validators';
import { sql } from 'kysely';
import { createEntry, logDelete, logUpdate, type Snapshot } from '../activity/record.js';
import { lockPharmacies, paidCents } from '../invoices/balances.js';
import { numberCreated, provisionalNumber } from '../../lib/db/document-numbers.js';
import { conflict, DomainError, invalid, notFound } from '../../lib/domain-error.js';
import { inDateRange, paginateSorted, type SortColumn } from '../../lib/db/paginate.js';
import { containsPattern } from '../../lib/db/sql.js';
import { pharmacyIdsMatching } from '../pharmacies/matching.js';
import { inSnapshot, inTransaction, lockOrThrow } from '../../lib/db/transaction.js';
import {
  allocationsWhere,
  checkInvoiceRoom,
  checkInvoicesOf,
  insertAllocations,
  lockInvoices,
  moveCountsFrom,
  refundsWhere,
  settleAll,
  type PlannedAllocation,
} from '../allocations/engine.js';
import { paymentEntity } from './entity.js';

export interface PaymentListItem extends Omit<Payment, 'invoiceId' | 'deletedAt' | 'deletedBy'> {
  invoiceId: number | null;
  invoice: {
    invoiceNumber: string;
    status: Invoice['status'];
    total: string;
    balance: string;
  } | null;
  pharmacy: { name: string };
  allocations: AllocationOutput[];
  refunds: RefundOutput[];
}

/** The payments every reader shows: a deleted one is not found, as before it was kept. */
function paymentsQuery(db: Db) {
  return db
    .selectFrom('payments as pm')
    .innerJoin('pharmacies as p', 'p.id', 'pm.pharmacyId')
    .selectAll('pm')
    .select(['p.name as pharmacyName'])
    .where('pm.deletedAt', 'is', null);
}

type PaymentRow = Awaited<ReturnType<ReturnType<typeof paymentsQuery>['executeTakeFirstOrThrow']>>;

/** The list's sorts (PAYMENT_SORTS), each with its index (migration 0011). */
const PAYMENT_SORT_COLUMNS: Record<PaymentSort, SortColumn<PaymentRow>> = {
  number: { column: 'pm.paymentNumber', kind: 'text', value: (row) => row.paymentNumber },
  pharmacy: { column: 'p.name', kind: 'text', value: (row) => row.pharmacyName, joined: true },
  date: { column: 'pm.date', kind: 'date', value: (row) => row.date },
  amount: { column: 'pm.amount', kind: 'money', value: (row) => row.amount },
};

/**
 * The rows with their allocations and refunds (one query each for the whole page), and the
 * invoice of the only active allocation as `invoiceId`/`invoice` (the spec's shape).
 */
async function dress(db: Db, rows: PaymentRow[]): Promise<PaymentListItem[]> {
  const ids = rows.map((r) => r.id);
  const allocations = await allocationsWhere(db, { paymentIds: ids });
  const refunds = await refundsWhere(db, { paymentIds: ids });
  const sole = new Map<number, number>();
  for (const id of ids) {
    const active = allocations.filter((a) => a.paymentId === id && a.voidedAt === null);
    if (active.length === 1) sole.set(id, active[0]!.invoiceId);
  }
  const invoices = sole.size
    ? await db
        .selectFrom('invoices')
        .select(['id', 'invoiceNumber', 'status', 'total', 'balance'])
        .where('id', 'in', [...new Set(sole.values())])
        .execute()
    : [];
  const invoiceById = new Map(invoices.map((i) => [i.id, i]));
  return rows.map((row) => {
    const invoiceId = sole.get(row.id) ?? null;
    const invoice = invoiceId === null ? undefined : invoiceById.get(invoiceId);
    // Keys in the output schema's order (test/outputs.test.ts compares the bytes).
    return {
      id: row.id,
      paymentNumber: row.paymentNumber,
      invoiceId,
      pharmacyId: row.pharmacyId,
      date: row.date,
      amount: row.amount,
      method: row.method,
      reference: row.reference,
      notes: row.notes,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      invoice: invoice
        ? {
            invoiceNumber: invoice.invoiceNumber,
            status: invoice.status,
            total: invoice.total,
            balance: invoice.balance,
          }
        : null,
      pharmacy: { name: row.pharmacyName },
      unapplied: row.unapplied,
      allocations: allocations.filter((a) => a.paymentId === row.id),
      refunds: refunds.filter((r) => r.paymentId === row.id),
    };
  });
}

/**
 * Newest first, or by `sort`, keyset-paginated (lib/db/paginate.ts); `q` matches the payment
 * number, the number of an invoice it is applied to or the pharmacy name; `invoiceId` keeps the
 * payments applied to one invoice, `pharmacyId` one pharmacy's, `from`..`to` bound the date.
 */
export function listPayments(
  db: Db,
  query: PaymentListQuery,
): Promise<Page<PaymentListItem, SortedListCursor>> {
  // A payment and its allocations are read in separate statements: one snapshot keeps them agreeing.
  return inSnapshot(db, (db) => listPaymentsIn(db, query));
}

async function listPaymentsIn(
  db: Db,
  query: PaymentListQuery,
): Promise<Page<PaymentListItem, SortedListCursor>> {
  let q = inDateRange(paymentsQuery(db), 'pm.date', query);
  if (query.invoiceId) {
    const invoiceId = query.invoiceId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('allocations as a')
          .select('a.id')
          .whereRef('a.paymentId', '=', 'pm.id')
          .where('a.invoiceId', '=', invoiceId)
          .where('a.voidedAt', 'is', null),
      ),
    );
  }
  if (query.pharmacyId) q = q.where('pm.pharmacyId', '=', query.pharmacyId);
  if (query.q) {
    const pattern = containsPattern(query.q);
    const pharmacyIds = await pharmacyIdsMatching(db, pattern);
    q = q.where((eb) =>
      eb.or([
        eb('pm.paymentNumber', 'ilike', pattern),
        eb(
          'pm.id',
          'in',
          eb
            .selectFrom('allocations as a')
            .innerJoin('invoices as i', 'i.id', 'a.invoiceId')
            .select('a.paymentId')
            .where('a.voidedAt', 'is', null)
            .where('a.paymentId', 'is not', null)
            .where('i.invoiceNumber', 'ilike', pattern)
            .$narrowType<{ paymentId: number }>(),
        ),
        ...(pharmacyIds.length ? [eb('pm.pharmacyId', 'in', pharmacyIds)] : []),
      ]),
    );
  }
  const page = await paginateSorted(q, query, PAYMENT_SORT_COLUMNS, 'pm.id');
  return { items: await dress(db, page.items), nextCursor: page.nextCursor };
}

/** An invoice the payment dialog's picker offers. */
export interface PaymentInvoiceOption {
  id: number;
  invoiceNumber: string;
  pharmacyId: number;
  pharmacyName: string;
  balance: string;
}

/**
 * The invoices a payment may be recorded against, newest first: not Paid, with a balance above
 * 0 (spec §5). Drafts are among them: a payment issues a Draft (docs/rules.md §3).
 */
export function paymentInvoiceOptions(db: Db): Promise<PaymentInvoiceOption[]> {
  return db
    .selectFrom('invoices as i')
    .innerJoin('pharmacies as p', 'p.id', 'i.pharmacyId')
    .select(['i.id', 'i.invoiceNumber', 'i.pharmacyId', 'p.name as pharmacyName', 'i.balance'])
    .where('i.status', '<>', 'Paid')
    .where('i.balance', '>', '0')
    .orderBy('i.id', 'desc')
    .execute();
}

/**
 * What the activity log keeps of a payment: its fields, the invoice it was recorded for by number
 * (the spec's shape, else null), its pharmacy by name, and (when known) its active allocations
 * and refunds by invoice number and amount. Built from rows too, for the payments an invoice's
 * or pharmacy's delete takes along.
 */
export function paymentSnapshot(
  payment: Omit<Payment, 'invoiceId' | 'unapplied' | 'deletedAt' | 'deletedBy'> & {
    invoice: { invoiceNumber: string } | null;
    pharmacy: { name: string };
    unapplied?: string;
    allocations?: AllocationOutput[];
    refunds?: RefundOutput[];
  },
): Snapshot {
  return {
    paymentNumber: payment.paymentNumber,
    invoice: payment.invoice?.invoiceNumber ?? null,
    pharmacy: payment.pharmacy.name,
    date: payment.date,
    amount: payment.amount,
    method: payment.method,
    reference: payment.reference,
    notes: payment.notes,
    ...(payment.allocations
      ? {
          unapplied: payment.unapplied,
          allocations: payment.allocations
            .filter((a) => a.voidedAt === null)
            .map((a) => ({ invoice: a.invoiceNumber, amount: a.amount })),
          refunds: (payment.refunds ?? []).map((r) => ({ date: r.date, amount: r.amount })),
        }
      : {}),
  };
}

export function getPayment(db: Db, id: number): Promise<PaymentListItem> {
  return inSnapshot(db, async (db) => {
    const row = await paymentsQuery(db).where('pm.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Payment');
    return (await dress(db, [row]))[0]!;
  });
}

/** docs/rules.md §3: Σ payments never above the total; `available` is what may still be paid. */
function checkWithinBalance(amount: string, available: number): void {
  if (toCents(amount) > available) {
    const message = `Payment exceeds the invoice balance of ${formatUsd(available)}`;
    throw new DomainError('CONFLICT', message, [{ path: ['amount'], message }]);
  }
}

type PaymentFields = Omit<PaymentCreateData, 'idempotencyKey'>;

/**
 * The request an idempotency key stands for: its validated fields, in a fixed order (the spec's
 * shape hashes as it did before allocations existed, so keys stored then still match).
 */
function requestHash(data: PaymentFields): string {
  const fields: unknown[] = [
    data.invoiceId,
    data.pharmacyId,
    data.date,
    data.amount,
    data.method,
    data.reference,
    data.notes,
  ];
  if (data.allocations) fields.push(data.allocations.map((a) => [a.invoiceId, a.amount]));
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}
/**
 * Claims the idempotency key for this transaction, or answers what it already stands for. The
 * insert waits while another transaction holds the same key uncommitted, so two concurrent
 * repeats are told apart here: the second sees the first's payment once it commits, or claims
 * the key itself if the first rolled back. It is the transaction's first lock, so waiting on it
 * cannot close a cycle with the pharmacy → invoice → payment → counter order.
 */
async function claimKey(
  trx: Db,
  key: string,
  hash: string,
): Promise<{ claimed: true } | { claimed: false; paymentId: number }> {
  const inserted = await trx
    .insertInto('paymentIdempotency')
    .values({ key, requestHash: hash })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { claimed: true };
  const existing = await trx
    .selectFrom('paymentIdempotency as k')
    .leftJoin('payments as pm', 'pm.id', 'k.paymentId')
    .select(['k.requestHash', 'k.paymentId', 'pm.deletedAt'])
    .where('k.key', '=', key)
    .executeTakeFirstOrThrow();
  if (existing.requestHash !== hash) {
    throw new DomainError(
      'MISMATCH',
      'This Idempotency-Key was already used with a different payment',
      [{ path: ['idempotencyKey'], message: 'Idempotency-Key was used with another request' }],
    );
  }
  if (existing.paymentId === null || existing.deletedAt !== null) {
    throw conflict('The payment recorded with this Idempotency-Key has since been deleted');
  }
  return { claimed: false, paymentId: existing.paymentId };
}

/**
 * Records a payment for a pharmacy: the spec's shape applies all of it to one invoice (refused
 * above the invoice's balance, as before), the account shape applies what `allocations` say and
 * keeps the rest unapplied. A Draft invoice is issued by it; every balance follows in the same
 * transaction. With an idempotency key, a repeat of the same request answers the first payment.
 */
export function createPayment(
  db: Db,
  input: PaymentCreateData,
  userId: string,
): Promise<PaymentListItem> {
  const { idempotencyKey, ...data } = input;
  return inTransaction(db, async (trx) => {
    if (idempotencyKey) {
      const claim = await claimKey(trx, idempotencyKey, requestHash(data));
      if (!claim.claimed) return getPayment(trx, claim.paymentId);
    }
    const wanted: AllocationData[] =
      data.invoiceId !== undefined
        ? [{ invoiceId: data.invoiceId, amount: data.amount }]
        : (data.allocations ?? []);
    const spec = data.invoiceId !== undefined;
    if (spec) await checkSpecInvoice(trx, data.invoiceId!, data.pharmacyId);
    else {
      await checkInvoicesOf(
        trx,
        data.pharmacyId,
        wanted.map((a, i) => ({ invoiceId: a.invoiceId, path: ['allocations', i, 'invoiceId'] })),
      );
    }
    await lockPharmacies(trx, [data.pharmacyId]);
    const invoices = await lockInvoices(
      trx,
      data.pharmacyId,
      wanted.map((a) => a.invoiceId),
    );
    const planned: PlannedAllocation[] = wanted.map((a, i) => ({
      invoice: invoices.get(a.invoiceId)!,
      cents: toCents(a.amount),
      path: ['allocations', i],
    }));
    if (spec) {
      const invoice = planned[0]!.invoice;
      checkWithinBalance(data.amount, toCents(invoice.total) - (await paidCents(trx, invoice.id)));
    } else {
      await checkInvoiceRoom(trx, planned);
    }

    const provisional = provisionalNumber(paymentEntity);
    const { id } = await trx
      .insertInto('payments')
      .values({
        paymentNumber: provisional,
        invoiceId: data.invoiceId ?? null,
        pharmacyId: data.pharmacyId,
        date: data.date,
        amount: data.amount,
        method: data.method,
        reference: data.reference,
        notes: data.notes,
        unapplied: data.amount,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (idempotencyKey) {
      await trx
        .updateTable('paymentIdempotency')
        .set({ paymentId: id })
        .where('key', '=', idempotencyKey)
        .execute();
    }
    const source = { kind: 'payment' as const, id };
    const { statuses } = await insertAllocations(
      trx,
      data.pharmacyId,
      planned.map((p) => ({ ...p, source })),
      userId,
    );
    // The pharmacy's unapplied follows even when nothing was allocated.
    if (!planned.length) await settleAll(trx, data.pharmacyId, [], [source]);
    const created = await getPayment(trx, id);
    // The last statement: the counter row stays locked from here to the commit only.
    const paymentNumber = await numberCreated(
      trx,
      paymentEntity,
      { id, provisional, column: 'paymentNumber' },
      createEntry(
        { entity: paymentEntity, id, userId },
        paymentSnapshot(created),
        statusExtra(statuses, spec),
      ),
    );
    created.paymentNumber = paymentNumber;
    for (const allocation of created.allocations) allocation.sourceNumber = paymentNumber;
    return created;
  });
}

/** The invoice statuses a payment change moved, as the activity log keeps them. */
function statusExtra(
  statuses: Map<number, { from: InvoiceStatus; to: InvoiceStatus }>,
  alwaysOne: boolean,
): Record<string, unknown> {
  const moved = [...statuses.values()];
  if (moved.length === 1 && (alwaysOne || moved[0]!.from !== moved[0]!.to)) {
    return { invoiceStatusFrom: moved[0]!.from, invoiceStatusTo: moved[0]!.to };
  }
  return {};
}

/** The spec's checks of its invoice, with its messages: it exists and is the payment's pharmacy's. */
async function checkSpecInvoice(trx: Db, invoiceId: number, pharmacyId: number): Promise<void> {
  const before = await trx
    .selectFrom('invoices')
    .select(['pharmacyId', 'invoiceNumber'])
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  if (!before) throw invalid(`Invoice ${invoiceId} does not exist`, ['invoiceId']);
  if (pharmacyId !== before.pharmacyId) {
    throw invalid(`The payment's pharmacy must be invoice ${before.invoiceNumber}'s pharmacy`, [
      'pharmacyId',
    ]);
  }
}

/**
 * The payment's pharmacy, the invoices of its active allocations (by id) and the payment row,
 * locked in that order, with those allocations.
 */
async function lockPayment(
  trx: Db,
  id: number,
): Promise<{ payment: Payment; invoices: Map<number, Invoice>; active: AllocationOutput[] }> {
  const before = await trx
    .selectFrom('payments')
    .select(['pharmacyId'])
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!before) throw notFound('Payment');
  await lockPharmacies(trx, [before.pharmacyId]);
  // Under the pharmacy's lock no allocation of this payment can come or go.
  const active = (await allocationsWhere(trx, { paymentIds: [id] })).filter(
    (a) => a.voidedAt === null,
  );
  const invoices = await lockInvoices(
    trx,
    before.pharmacyId,
    active.map((a) => a.invoiceId),
  );
  const payment = await lockOrThrow(trx, paymentEntity, id);
  return { payment, invoices, active };
}

/**
 * Date, amount, method, reference and notes change; the pharmacy never does, nor the invoice the
 * spec's shape named. A payment wholly applied to the invoice it was recorded for (the spec's
 * payment) moves that invoice's balance with its amount, as before: its allocation is voided and
 * made again at the new amount. Any other payment's amount never goes below what is applied and
 * refunded of it; the rest is unapplied.
 */
export function updatePayment(
  db: Db,
  id: number,
  data: PaymentUpdateData,
  userId: string,
): Promise<PaymentListItem> {
  return inTransaction(db, async (trx) => {
    const { payment, invoices, active } = await lockPayment(trx, id);
    const recordedFor = payment.invoiceId
      ? await trx
          .selectFrom('invoices')
          .select('invoiceNumber')
          .where('id', '=', payment.invoiceId)
          .executeTakeFirst()
      : undefined;
    if (data.invoiceId !== undefined && data.invoiceId !== payment.invoiceId) {
      throw invalid(
        recordedFor
          ? `A payment's invoice cannot change (it is ${recordedFor.invoiceNumber})`
          : 'A payment to the account names no invoice; apply it with an allocation',
        ['invoiceId'],
      );
    }
    if (data.pharmacyId !== payment.pharmacyId) {
      throw invalid(
        recordedFor
          ? `The payment's pharmacy must be invoice ${recordedFor.invoiceNumber}'s pharmacy`
          : "A payment's pharmacy cannot change",
        ['pharmacyId'],
      );
    }
    const before = await getPayment(trx, id);
    const refunded = before.refunds.reduce((sum, r) => sum + toCents(r.amount), 0);
    const applied = active.reduce((sum, a) => sum + toCents(a.amount), 0);
    const follows =
      payment.invoiceId !== null &&
      active.length === 1 &&
      active[0]!.invoiceId === payment.invoiceId &&
      refunded === 0 &&
      applied === toCents(payment.amount);
    const amountChanged = toCents(data.amount) !== toCents(payment.amount);
    if (follows) {
      const invoice = invoices.get(payment.invoiceId!)!;
      const others = (await paidCents(trx, invoice.id)) - applied;
      checkWithinBalance(data.amount, toCents(invoice.total) - others);
    } else if (toCents(data.amount) < applied + refunded) {
      throw conflict(
        `Payment ${payment.paymentNumber} has ${formatUsd(applied + refunded)} applied and refunded; its amount cannot go below that`,
        ['amount'],
      );
    }
    await trx
      .updateTable('payments')
      .set({
        date: data.date,
        amount: data.amount,
        method: data.method,
        reference: data.reference,
        notes: data.notes,
        // Kept within the check constraint until the sources are settled below.
        unapplied: '0.00',
        updatedAt: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    // A report as of a past day counts its allocations from the new date on.
    if (data.date !== payment.date) await moveCountsFrom(trx, { paymentId: id });
    const source = { kind: 'payment' as const, id };
    let statuses: Map<number, { from: InvoiceStatus; to: InvoiceStatus }>;
    if (follows && amountChanged) {
      await trx
        .updateTable('allocations')
        .set({ voidedAt: sql`now()`, voidedBy: userId, voidReason: 'Payment amount changed' })
        .where('id', '=', active[0]!.id)
        .execute();
      const invoice = invoices.get(payment.invoiceId!)!;
      ({ statuses } = await insertAllocations(
        trx,
        payment.pharmacyId,
        [{ invoice, cents: toCents(data.amount), path: ['amount'], source }],
        userId,
      ));
    } else {
      statuses = await settleAll(trx, payment.pharmacyId, [...invoices.values()], [source]);
    }
    const after = await getPayment(trx, id);
    await logUpdate(
      trx,
      { entity: paymentEntity, id, userId },
      paymentSnapshot(before),
      paymentSnapshot(after),
      statusExtra(statuses, false),
    );
    return after;
  });
}

/**
 * A delete voids the payment's active allocations (allocations are never deleted, decisions.md
 * §9), so each invoice it was applied to owes that again, and marks the payment deleted with
 * nothing unapplied: no reader shows it from then on. Balances follow in the same transaction,
 * locked pharmacy → invoices by id → payment; the log keeps what it was applied to. A payment
 * with a refund is 409: that money was paid out, and a delete cannot take it back.
 */
export function deletePayment(db: Db, id: number, userId: string): Promise<{ id: number }> {
  return inTransaction(db, async (trx) => {
    const { payment, invoices, active } = await lockPayment(trx, id);
    const before = await getPayment(trx, id);
    if (before.refunds.length) {
      throw conflict(
        `Payment ${payment.paymentNumber} has ${formatUsd(sumCents(before.refunds.map((r) => toCents(r.amount))))} refunded; a refund cannot be undone, so the payment cannot be deleted`,
      );
    }
    if (active.length) {
      await trx
        .updateTable('allocations')
        .set({ voidedAt: sql`now()`, voidedBy: userId, voidReason: 'Payment deleted' })
        .where(
          'id',
          'in',
          active.map((a) => a.id),
        )
        .execute();
    }
    await trx
      .updateTable('payments')
      // No longer the payment recorded for its invoice: that invoice's delete leaves it be.
      .set({
        invoiceId: null,
        deletedAt: sql`now()`,
        deletedBy: userId,
        unapplied: '0.00',
        updatedAt: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    const statuses = await settleAll(trx, payment.pharmacyId, [...invoices.values()], []);
    await logDelete(
      trx,
      { entity: paymentEntity, id, userId },
      paymentSnapshot(before),
      statusExtra(statuses, false),
    );
    return { id };
  });
}
