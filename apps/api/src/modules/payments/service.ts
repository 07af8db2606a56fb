import { createHash } from 'node:crypto';
import type { Db, Invoice, Payment } from '@pharm/db';
import {
  formatUsd,
  toCents,
  type Page,
  type PaymentCreateData,
  type PaymentData,
  type PaymentListQuery,
  type PaymentSort,
  type SortedListCursor,
} from '@pharm/validators';
import { sql } from 'kysely';
import { logCreate, logDelete, logUpdate, type Snapshot } from '../activity/record.js';
import {
  lockPharmacies,
  movedMeanwhile,
  paidCents,
  refreshPharmacyBalances,
  settleInvoice,
} from '../invoices/balances.js';
import { nextDocumentNumber } from '../../lib/db/document-numbers.js';
import { conflict, DomainError, invalid, notFound } from '../../lib/domain-error.js';
import { inDateRange, paginateSorted, type SortColumn } from '../../lib/db/paginate.js';
import { containsPattern } from '../../lib/db/sql.js';
import { pharmacyIdsMatching } from '../pharmacies/matching.js';
import { inTransaction, lockOrThrow } from '../../lib/db/transaction.js';
import { invoiceEntity } from '../invoices/entity.js';
import { paymentEntity } from './entity.js';

export interface PaymentListItem extends Payment {
  invoice: { invoiceNumber: string; status: Invoice['status']; total: string; balance: string };
  pharmacy: { name: string };
}

function paymentsQuery(db: Db) {
  return db
    .selectFrom('payments as pm')
    .innerJoin('invoices as i', 'i.id', 'pm.invoiceId')
    .innerJoin('pharmacies as p', 'p.id', 'pm.pharmacyId')
    .selectAll('pm')
    .select([
      'i.invoiceNumber',
      'i.status as invoiceStatus',
      'i.total as invoiceTotal',
      'i.balance as invoiceBalance',
      'p.name as pharmacyName',
    ]);
}

type PaymentRow = Awaited<ReturnType<ReturnType<typeof paymentsQuery>['executeTakeFirstOrThrow']>>;

/** The list's sorts (PAYMENT_SORTS), each with its index (migration 0011). */
const PAYMENT_SORT_COLUMNS: Record<PaymentSort, SortColumn<PaymentRow>> = {
  number: { column: 'pm.paymentNumber', kind: 'text', value: (row) => row.paymentNumber },
  pharmacy: { column: 'p.name', kind: 'text', value: (row) => row.pharmacyName, joined: true },
  date: { column: 'pm.date', kind: 'date', value: (row) => row.date },
  amount: { column: 'pm.amount', kind: 'money', value: (row) => row.amount },
};

function dress({
  invoiceNumber,
  invoiceStatus,
  invoiceTotal,
  invoiceBalance,
  pharmacyName,
  ...payment
}: PaymentRow): PaymentListItem {
  return {
    ...payment,
    invoice: {
      invoiceNumber,
      status: invoiceStatus,
      total: invoiceTotal,
      balance: invoiceBalance,
    },
    pharmacy: { name: pharmacyName },
  };
}

/**
 * Newest first, or by `sort`, keyset-paginated (lib/db/paginate.ts); `q` matches the payment
 * number, the invoice number or the pharmacy name; `invoiceId` keeps one invoice's payments,
 * `pharmacyId` one pharmacy's, `from`..`to` bound the payment date.
 */
export async function listPayments(
  db: Db,
  query: PaymentListQuery,
): Promise<Page<PaymentListItem, SortedListCursor>> {
  let q = inDateRange(paymentsQuery(db), 'pm.date', query);
  if (query.invoiceId) q = q.where('pm.invoiceId', '=', query.invoiceId);
  if (query.pharmacyId) q = q.where('pm.pharmacyId', '=', query.pharmacyId);
  if (query.q) {
    const pattern = containsPattern(query.q);
    const pharmacyIds = await pharmacyIdsMatching(db, pattern);
    q = q.where((eb) =>
      eb.or([
        eb('pm.paymentNumber', 'ilike', pattern),
        eb('i.invoiceNumber', 'ilike', pattern),
        ...(pharmacyIds.length ? [eb('pm.pharmacyId', 'in', pharmacyIds)] : []),
      ]),
    );
  }
  const page = await paginateSorted(q, query, PAYMENT_SORT_COLUMNS, 'pm.id');
  return { items: page.items.map(dress), nextCursor: page.nextCursor };
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
 * What the activity log keeps of a payment: its fields, its invoice by number and its pharmacy
 * by name. Built from rows too, for the payments an invoice's or pharmacy's delete takes along.
 */
export function paymentSnapshot(
  payment: Payment & { invoice: { invoiceNumber: string }; pharmacy: { name: string } },
): Snapshot {
  return {
    paymentNumber: payment.paymentNumber,
    invoice: payment.invoice.invoiceNumber,
    pharmacy: payment.pharmacy.name,
    date: payment.date,
    amount: payment.amount,
    method: payment.method,
    reference: payment.reference,
    notes: payment.notes,
  };
}

export async function getPayment(db: Db, id: number): Promise<PaymentListItem> {
  const row = await paymentsQuery(db).where('pm.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Payment');
  return dress(row);
}

/**
 * Locks the invoice's pharmacy, then the invoice (docs/rules.md §3's order). The invoice must
 * exist and the payment names its pharmacy; the pharmacy is read before its lock, so a move in
 * between starts the transaction over.
 */
async function lockInvoiceOfPayment(trx: Db, data: PaymentData): Promise<Invoice> {
  const before = await trx
    .selectFrom('invoices')
    .select(['pharmacyId', 'invoiceNumber'])
    .where('id', '=', data.invoiceId)
    .executeTakeFirst();
  if (!before) throw invalid(`Invoice ${data.invoiceId} does not exist`, ['invoiceId']);
  if (data.pharmacyId !== before.pharmacyId) {
    throw invalid(`The payment's pharmacy must be invoice ${before.invoiceNumber}'s pharmacy`, [
      'pharmacyId',
    ]);
  }
  await lockPharmacies(trx, [before.pharmacyId]);
  const invoice = await lockOrThrow(trx, invoiceEntity, data.invoiceId);
  if (invoice.pharmacyId !== before.pharmacyId) throw movedMeanwhile();
  return invoice;
}

/** docs/rules.md §3: Σ payments never above the total; `available` is what may still be paid. */
function checkWithinBalance(amount: string, available: number): void {
  if (toCents(amount) > available) {
    const message = `Payment exceeds the invoice balance of ${formatUsd(available)}`;
    throw new DomainError('CONFLICT', message, [{ path: ['amount'], message }]);
  }
}

/** The request an idempotency key stands for: its validated fields, in a fixed order. */
function requestHash(data: PaymentData): string {
  const fields = [
    data.invoiceId,
    data.pharmacyId,
    data.date,
    data.amount,
    data.method,
    data.reference,
    data.notes,
  ];
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
    .selectFrom('paymentIdempotency')
    .select(['requestHash', 'paymentId'])
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  if (existing.requestHash !== hash) {
    throw new DomainError(
      'MISMATCH',
      'This Idempotency-Key was already used with a different payment',
      [{ path: ['idempotencyKey'], message: 'Idempotency-Key was used with another request' }],
    );
  }
  if (existing.paymentId === null) {
    throw conflict('The payment recorded with this Idempotency-Key has since been deleted');
  }
  return { claimed: false, paymentId: existing.paymentId };
}

/**
 * Records a payment against its invoice: a Draft invoice is issued by it, the invoice's balance
 * and status and the pharmacy's balance follow in the same transaction. With an idempotency key,
 * a repeat of the same request answers the first payment and records nothing.
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
    const invoice = await lockInvoiceOfPayment(trx, data);
    checkWithinBalance(data.amount, toCents(invoice.total) - (await paidCents(trx, invoice.id)));

    // Taken last before the insert: the counter row stays locked until commit.
    const paymentNumber = await nextDocumentNumber(trx, paymentEntity);
    const { id } = await trx
      .insertInto('payments')
      .values({ paymentNumber, ...data })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (idempotencyKey) {
      await trx
        .updateTable('paymentIdempotency')
        .set({ paymentId: id })
        .where('key', '=', idempotencyKey)
        .execute();
    }
    const status = await settleInvoice(
      trx,
      invoice,
      invoice.status === 'Draft' ? 'Unpaid' : invoice.status,
    );
    await refreshPharmacyBalances(trx, [invoice.pharmacyId]);
    const created = await getPayment(trx, id);
    await logCreate(trx, { entity: paymentEntity, id, userId }, paymentSnapshot(created), {
      invoiceStatusFrom: invoice.status,
      invoiceStatusTo: status,
    });
    return created;
  });
}

/** The payment's invoice, pharmacy and payment row, locked in that order. */
async function lockPayment(trx: Db, id: number): Promise<{ payment: Payment; invoice: Invoice }> {
  const before = await trx
    .selectFrom('payments')
    .select(['invoiceId', 'pharmacyId'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!before) throw notFound('Payment');
  await lockPharmacies(trx, [before.pharmacyId]);
  const invoice = await lockOrThrow(trx, invoiceEntity, before.invoiceId);
  // The foreign key from (invoice, pharmacy) keeps the invoice where the payment is.
  const payment = await lockOrThrow(trx, paymentEntity, id);
  return { payment, invoice };
}

/** Date, amount, method, reference and notes change; the invoice and pharmacy never do. */
export function updatePayment(
  db: Db,
  id: number,
  data: PaymentData,
  userId: string,
): Promise<PaymentListItem> {
  return inTransaction(db, async (trx) => {
    const { payment, invoice } = await lockPayment(trx, id);
    if (data.invoiceId !== payment.invoiceId) {
      throw invalid(`A payment's invoice cannot change (it is ${invoice.invoiceNumber})`, [
        'invoiceId',
      ]);
    }
    if (data.pharmacyId !== payment.pharmacyId) {
      throw invalid(`The payment's pharmacy must be invoice ${invoice.invoiceNumber}'s pharmacy`, [
        'pharmacyId',
      ]);
    }
    const before = await getPayment(trx, id);
    const others = (await paidCents(trx, invoice.id)) - toCents(payment.amount);
    checkWithinBalance(data.amount, toCents(invoice.total) - others);
    await trx
      .updateTable('payments')
      .set({
        date: data.date,
        amount: data.amount,
        method: data.method,
        reference: data.reference,
        notes: data.notes,
        updatedAt: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    const status = await settleInvoice(trx, invoice);
    await refreshPharmacyBalances(trx, [invoice.pharmacyId]);
    const after = await getPayment(trx, id);
    await logUpdate(
      trx,
      { entity: paymentEntity, id, userId },
      paymentSnapshot(before),
      paymentSnapshot(after),
      status !== invoice.status
        ? { invoiceStatusFrom: invoice.status, invoiceStatusTo: status }
        : {},
    );
    return after;
  });
}

/** Hard delete; the invoice's balance and status and the pharmacy's balance follow. */
export function deletePayment(db: Db, id: number, userId: string): Promise<{ id: number }> {
  return inTransaction(db, async (trx) => {
    const { invoice } = await lockPayment(trx, id);
    const before = await getPayment(trx, id);
    await trx.deleteFrom('payments').where('id', '=', id).execute();
    const status = await settleInvoice(trx, invoice);
    await refreshPharmacyBalances(trx, [invoice.pharmacyId]);
    await logDelete(
      trx,
      { entity: paymentEntity, id, userId },
      paymentSnapshot(before),
      status !== invoice.status
        ? { invoiceStatusFrom: invoice.status, invoiceStatusTo: status }
        : {},
    );
    return { id };
  });
}
