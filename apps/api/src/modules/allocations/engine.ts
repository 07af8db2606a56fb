/**
 * Moving money between documents (decisions.md §9): every allocation from a payment or a credit
 * note to an invoice goes through here, inside the caller's transaction, with the rows locked in
 * the documented order: pharmacy → invoices by id → payment / credit note → counter.
 *
 * The pharmacy lock is what makes the sums exact: every change of its invoices, payments, credit
 * notes, allocations and refunds holds it, so Σ active allocations of an invoice or a source read
 * here cannot change before commit.
 */
import type { AllocationOutput, RefundOutput } from '@pharm/validators';
import {
  ALLOCATION_ROW,
  allocationCountsFrom,
  allocationInvoiceDate,
  type Db,
  type Invoice,
} from '@pharm/db';
import { formatUsd, fromCents, toCents, type InvoiceStatus } from '@pharm/validators';
import { sql } from 'kysely';
import { conflict, invalid, notFound } from '../../lib/domain-error.js';
import { lockOrThrow } from '../../lib/db/transaction.js';
import {
  lockPharmacies,
  movedMeanwhile,
  paidCents,
  refreshPharmacyBalances,
  refreshSources,
  settleInvoice,
} from '../invoices/balances.js';
import { invoiceEntity } from '../invoices/entity.js';
import { paymentEntity } from '../payments/entity.js';
import { creditNoteEntity } from '../credit-notes/entity.js';

/** Where allocated money comes from. */
export type SourceRef = { kind: 'payment'; id: number } | { kind: 'creditNote'; id: number };

/** A source locked in this transaction, with what is left of it. */
export interface LockedSource {
  ref: SourceRef;
  number: string;
  pharmacyId: number;
  unappliedCents: number;
}

export const sourceLabel = (ref: SourceRef, number: string) =>
  `${ref.kind === 'payment' ? 'Payment' : 'Credit note'} ${number}`;

/** The source's pharmacy, read before any lock (the caller locks it first); none when deleted. */
export async function pharmacyOfSource(trx: Db, ref: SourceRef): Promise<number | undefined> {
  const row =
    ref.kind === 'payment'
      ? await trx
          .selectFrom('payments')
          .select('pharmacyId')
          .where('id', '=', ref.id)
          .where('deletedAt', 'is', null)
          .executeTakeFirst()
      : await trx
          .selectFrom('creditNotes')
          .select('pharmacyId')
          .where('id', '=', ref.id)
          .executeTakeFirst();
  return row?.pharmacyId;
}

/** Locks the source row (rank 50, after the invoices) and reads its unapplied rest. */
export async function lockSource(trx: Db, ref: SourceRef): Promise<LockedSource> {
  if (ref.kind === 'payment') {
    const p = await lockOrThrow(trx, paymentEntity, ref.id);
    return {
      ref,
      number: p.paymentNumber,
      pharmacyId: p.pharmacyId,
      unappliedCents: toCents(p.unapplied),
    };
  }
  const c = await lockOrThrow(trx, creditNoteEntity, ref.id);
  return {
    ref,
    number: c.creditNoteNumber,
    pharmacyId: c.pharmacyId,
    unappliedCents: toCents(c.unapplied),
  };
}

/**
 * Checks that the invoices exist and are the pharmacy's, before any lock: an unknown invoice or
 * another pharmacy's is bad input (400), named by its place in the request.
 */
export async function checkInvoicesOf(
  trx: Db,
  pharmacyId: number,
  items: readonly { invoiceId: number; path: (string | number)[] }[],
): Promise<void> {
  if (!items.length) return;
  const rows = await trx
    .selectFrom('invoices')
    .select(['id', 'pharmacyId', 'invoiceNumber'])
    .where(
      'id',
      'in',
      items.map((i) => i.invoiceId),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const item of items) {
    const row = byId.get(item.invoiceId);
    if (!row) throw invalid(`Invoice ${item.invoiceId} does not exist`, item.path);
    if (row.pharmacyId !== pharmacyId) {
      throw invalid(`Invoice ${row.invoiceNumber} belongs to another pharmacy`, item.path);
    }
  }
}

/**
 * Locks the invoices in id order (after the pharmacy, which the caller holds); one that moved to
 * another pharmacy since it was checked starts the transaction over.
 */
export async function lockInvoices(
  trx: Db,
  pharmacyId: number,
  invoiceIds: readonly number[],
): Promise<Map<number, Invoice>> {
  const locked = new Map<number, Invoice>();
  for (const id of [...new Set(invoiceIds)].sort((a, b) => a - b)) {
    const invoice = await lockOrThrow(trx, invoiceEntity, id);
    if (invoice.pharmacyId !== pharmacyId) throw movedMeanwhile();
    locked.set(id, invoice);
  }
  return locked;
}

/** One allocation to be made, its invoice locked. */
export interface PlannedAllocation {
  invoice: Invoice;
  cents: number;
  /** Where a refusal points in the request. */
  path: (string | number)[];
}

/**
 * Σ active allocations on an invoice never above its total: an allocation above what is left to
 * pay is 409 naming what is left. Allocations of one request to one invoice add up.
 */
export async function checkInvoiceRoom(
  trx: Db,
  planned: readonly PlannedAllocation[],
): Promise<void> {
  const taken = new Map<number, number>();
  for (const item of planned) {
    const left =
      toCents(item.invoice.total) -
      (await paidCents(trx, item.invoice.id)) -
      (taken.get(item.invoice.id) ?? 0);
    if (item.cents > left) {
      throw conflict(
        `Invoice ${item.invoice.invoiceNumber} has ${formatUsd(Math.max(left, 0))} left to pay`,
        [...item.path, 'amount'],
      );
    }
    taken.set(item.invoice.id, (taken.get(item.invoice.id) ?? 0) + item.cents);
  }
}

/** Σ of a request's allocations and refunds from a source never above what is unapplied. */
export function checkSourceRoom(source: LockedSource, cents: number, path: (string | number)[]) {
  if (cents > source.unappliedCents) {
    throw conflict(
      `${sourceLabel(source.ref, source.number)} has ${formatUsd(source.unappliedCents)} unapplied`,
      path,
    );
  }
}

/**
 * Inserts the allocations and settles what they touch: each invoice's balance and status (a
 * Draft is issued by it, as a payment issued it before), each source's unapplied rest, the
 * pharmacy's balance and unapplied. Returns the new allocations' ids and the invoices' statuses
 * before and after.
 */
export async function insertAllocations(
  trx: Db,
  pharmacyId: number,
  planned: readonly (PlannedAllocation & { source: SourceRef })[],
  userId: string | null,
): Promise<{ ids: number[]; statuses: Map<number, { from: InvoiceStatus; to: InvoiceStatus }> }> {
  const ids: number[] = [];
  for (const item of planned) {
    const { id } = await trx
      .insertInto('allocations')
      .values({
        pharmacyId,
        paymentId: item.source.kind === 'payment' ? item.source.id : null,
        creditNoteId: item.source.kind === 'creditNote' ? item.source.id : null,
        invoiceId: item.invoice.id,
        amount: fromCents(item.cents),
        createdBy: userId,
        // now(): the row's created_at, the transaction's start, as its default gives it.
        countsFrom: allocationCountsFrom({
          invoiceId: sql`${item.invoice.id}::int`,
          paymentId: sql`${item.source.kind === 'payment' ? item.source.id : null}::int`,
          creditNoteId: sql`${item.source.kind === 'creditNote' ? item.source.id : null}::int`,
          createdAt: sql`now()`,
        }),
        // The invoice is locked: its date cannot change before commit.
        invoiceDate: item.invoice.invoiceDate,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  const statuses = await settleAll(
    trx,
    pharmacyId,
    planned.map((p) => p.invoice),
    planned.map((p) => p.source),
    true,
  );
  return { ids, statuses };
}

/**
 * After a payment's or an invoice's date changed (its pharmacy locked by the caller, which holds
 * every allocation of it still): its allocations, active and voided, count from the day the new
 * date gives them, and carry the invoice's date, in the caller's transaction.
 */
export async function moveCountsFrom(
  trx: Db,
  of: { paymentId: number } | { invoiceId: number },
): Promise<void> {
  await trx
    .updateTable('allocations as a')
    .set({
      countsFrom: allocationCountsFrom(ALLOCATION_ROW),
      invoiceDate: allocationInvoiceDate(ALLOCATION_ROW),
    })
    .where(
      'paymentId' in of ? 'a.paymentId' : 'a.invoiceId',
      '=',
      'paymentId' in of ? of.paymentId : of.invoiceId,
    )
    .execute();
}

/**
 * After allocations or refunds changed: the invoices' balances and statuses (`issue` issues a
 * Draft), the sources' unapplied rests and the pharmacy's sums, all in this transaction.
 */
export async function settleAll(
  trx: Db,
  pharmacyId: number,
  invoices: readonly Invoice[],
  sources: readonly SourceRef[],
  issue = false,
): Promise<Map<number, { from: InvoiceStatus; to: InvoiceStatus }>> {
  const statuses = new Map<number, { from: InvoiceStatus; to: InvoiceStatus }>();
  for (const invoice of new Map(invoices.map((i) => [i.id, i])).values()) {
    const to = await settleInvoice(
      trx,
      invoice,
      issue && invoice.status === 'Draft' ? 'Unpaid' : invoice.status,
    );
    statuses.set(invoice.id, { from: invoice.status, to });
  }
  await refreshSources(trx, {
    paymentIds: sources.filter((s) => s.kind === 'payment').map((s) => s.id),
    creditNoteIds: sources.filter((s) => s.kind === 'creditNote').map((s) => s.id),
  });
  await refreshPharmacyBalances(trx, [pharmacyId]);
  return statuses;
}

/** Voids one allocation: pharmacy → invoice → source locked, then the money goes back. */
export async function voidAllocation(
  trx: Db,
  id: number,
  reason: string,
  userId: string | null,
): Promise<{ allocation: AllocationOutput; source: SourceRef }> {
  const before = await trx
    .selectFrom('allocations')
    .select(['pharmacyId', 'invoiceId', 'paymentId', 'creditNoteId'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!before) throw notFound('Allocation');
  await lockPharmacies(trx, [before.pharmacyId]);
  const invoices = await lockInvoices(trx, before.pharmacyId, [before.invoiceId]);
  const source: SourceRef = before.paymentId
    ? { kind: 'payment', id: before.paymentId }
    : { kind: 'creditNote', id: before.creditNoteId! };
  await lockSource(trx, source);
  const voided = await trx
    .updateTable('allocations')
    .set({ voidedAt: sql`now()`, voidedBy: userId, voidReason: reason })
    .where('id', '=', id)
    .where('voidedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!voided) throw conflict('This allocation is already voided');
  await settleAll(trx, before.pharmacyId, [...invoices.values()], [source]);
  const [allocation] = await allocationsWhere(trx, { ids: [id] });
  return { allocation: allocation!, source };
}

/** Allocations with their source's and invoice's numbers, oldest first. */
export async function allocationsWhere(
  db: Db,
  where: {
    ids?: readonly number[];
    paymentIds?: readonly number[];
    creditNoteIds?: readonly number[];
    invoiceIds?: readonly number[];
  },
): Promise<AllocationOutput[]> {
  const lists = [where.ids, where.paymentIds, where.creditNoteIds, where.invoiceIds];
  if (lists.every((l) => !l?.length)) return [];
  let q = db
    .selectFrom('allocations as a')
    .innerJoin('invoices as i', 'i.id', 'a.invoiceId')
    .leftJoin('payments as pm', 'pm.id', 'a.paymentId')
    .leftJoin('creditNotes as c', 'c.id', 'a.creditNoteId')
    .select([
      'a.id',
      'a.pharmacyId',
      'a.paymentId',
      'a.creditNoteId',
      sql<string>`coalesce(pm.payment_number, c.credit_note_number)`.as('sourceNumber'),
      'a.invoiceId',
      'i.invoiceNumber',
      'a.amount',
      'a.createdAt',
      'a.voidedAt',
      'a.voidReason',
    ])
    .orderBy('a.id');
  q = q.where((eb) =>
    eb.or([
      ...(where.ids?.length ? [eb('a.id', 'in', where.ids)] : []),
      ...(where.paymentIds?.length ? [eb('a.paymentId', 'in', where.paymentIds)] : []),
      ...(where.creditNoteIds?.length ? [eb('a.creditNoteId', 'in', where.creditNoteIds)] : []),
      ...(where.invoiceIds?.length ? [eb('a.invoiceId', 'in', where.invoiceIds)] : []),
    ]),
  );
  return q.execute();
}

/** Refunds of the given sources, oldest first. */
export async function refundsWhere(
  db: Db,
  where: { paymentIds?: readonly number[]; creditNoteIds?: readonly number[] },
): Promise<RefundOutput[]> {
  if (!where.paymentIds?.length && !where.creditNoteIds?.length) return [];
  return db
    .selectFrom('refunds')
    .select([
      'id',
      'pharmacyId',
      'paymentId',
      'creditNoteId',
      'amount',
      'date',
      'method',
      'reference',
      'createdAt',
    ])
    .where((eb) =>
      eb.or([
        ...(where.paymentIds?.length ? [eb('paymentId', 'in', where.paymentIds)] : []),
        ...(where.creditNoteIds?.length ? [eb('creditNoteId', 'in', where.creditNoteIds)] : []),
      ]),
    )
    .orderBy('id')
    .execute();
}
