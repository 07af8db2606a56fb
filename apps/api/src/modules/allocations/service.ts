import type { Db } from '@pharm/db';
import {
  fillOldestFirst,
  fromCents,
  toCents,
  type AllocationData,
  type AllocationOutput,
  type AllocationVoidData,
  type ApplyConfirmData,
  type ApplyProposalOutput,
} from '@pharm/validators';
import { logActivities, logUpdate, updateEntry, type Snapshot } from '../activity/record.js';
import { inTransaction } from '../../lib/db/transaction.js';
import { invalid as invalidError, notFound } from '../../lib/domain-error.js';
import { lockPharmacies } from '../invoices/balances.js';
import { paymentEntity } from '../payments/entity.js';
import { creditNoteEntity } from '../credit-notes/entity.js';
import {
  allocationsWhere,
  checkInvoiceRoom,
  checkInvoicesOf,
  checkSourceRoom,
  insertAllocations,
  lockInvoices,
  lockSource,
  pharmacyOfSource,
  voidAllocation,
  type LockedSource,
  type SourceRef,
} from './engine.js';

/** How the log names an allocation on its source's history. */
function allocationEntry(
  source: SourceRef,
  number: string,
  allocation: AllocationOutput,
  action: 'allocated' | 'voided',
  userId: string | null,
) {
  const entity = source.kind === 'payment' ? paymentEntity : creditNoteEntity;
  const key = source.kind === 'payment' ? 'paymentNumber' : 'number';
  const line = { invoice: allocation.invoiceNumber, amount: allocation.amount };
  return updateEntry(
    { entity, id: source.id, userId },
    { [key]: number, [action]: null },
    { [key]: number, [action]: line },
    action === 'voided' ? { reason: allocation.voidReason } : {},
  );
}

/**
 * Applies part of a payment's or credit note's unapplied rest to one of its pharmacy's invoices
 * (`POST /api/payments/{id}/allocations`, `POST /api/credit-notes/{id}/allocations`). The source's
 * history logs it as a change of the source; `snapshot` is how the source's module reads it.
 */
export function allocateFrom(
  db: Db,
  ref: SourceRef,
  data: AllocationData,
  userId: string,
  snapshot: (trx: Db, id: number) => Promise<Snapshot>,
): Promise<AllocationOutput> {
  const entity = ref.kind === 'payment' ? paymentEntity : creditNoteEntity;
  return inTransaction(db, async (trx) => {
    const pharmacyId = await pharmacyOfSource(trx, ref);
    if (pharmacyId === undefined) throw notFound(entity.label);
    await checkInvoicesOf(trx, pharmacyId, [{ invoiceId: data.invoiceId, path: ['invoiceId'] }]);
    await lockPharmacies(trx, [pharmacyId]);
    const invoices = await lockInvoices(trx, pharmacyId, [data.invoiceId]);
    const source = await lockSource(trx, ref);
    const planned = [
      {
        invoice: invoices.get(data.invoiceId)!,
        cents: toCents(data.amount),
        path: [],
        source: ref,
      },
    ];
    await checkInvoiceRoom(trx, planned);
    checkSourceRoom(source, toCents(data.amount), ['amount']);
    const before = await snapshot(trx, ref.id);
    const { ids } = await insertAllocations(trx, pharmacyId, planned, userId);
    await logUpdate(trx, { entity, id: ref.id, userId }, before, await snapshot(trx, ref.id));
    return (await allocationsWhere(trx, { ids }))[0]!;
  });
}

/** POST /api/allocations/{id}/void: the money goes back to its source; a second void is 409. */
export function voidOne(
  db: Db,
  id: number,
  data: AllocationVoidData,
  userId: string,
): Promise<AllocationOutput> {
  return inTransaction(db, async (trx) => {
    const { allocation, source } = await voidAllocation(trx, id, data.reason, userId);
    await logActivities(trx, [
      allocationEntry(source, allocation.sourceNumber, allocation, 'voided', userId),
    ]);
    return allocation;
  });
}

export async function getAllocation(db: Db, id: number): Promise<AllocationOutput> {
  const [allocation] = await allocationsWhere(db, { ids: [id] });
  if (!allocation) throw notFound('Allocation');
  return allocation;
}

/** What paid an invoice: its allocations, voided ones too (404 for no such invoice). */
export async function allocationsOfInvoice(db: Db, invoiceId: number): Promise<AllocationOutput[]> {
  const invoice = await db
    .selectFrom('invoices')
    .select('id')
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  if (!invoice) throw notFound('Invoice');
  return allocationsWhere(db, { invoiceIds: [invoiceId] });
}

/** The pharmacy's unapplied payments and credit notes, oldest first. */
async function openSources(db: Db, pharmacyId: number) {
  const payments = await db
    .selectFrom('payments')
    .select(['id', 'paymentNumber as number', 'date', 'unapplied'])
    .where('pharmacyId', '=', pharmacyId)
    .where('unapplied', '>', '0')
    .execute();
  const credits = await db
    .selectFrom('creditNotes')
    .select(['id', 'creditNoteNumber as number', 'date', 'unapplied'])
    .where('pharmacyId', '=', pharmacyId)
    .where('unapplied', '>', '0')
    .execute();
  return [
    ...payments.map((p) => ({ ...p, paymentId: p.id, creditNoteId: null })),
    ...credits.map((c) => ({ ...c, paymentId: null, creditNoteId: c.id })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.number < b.number ? -1 : 1));
}

/**
 * What applying the account's unapplied cash and credits oldest first would do (issue 27 §5):
 * the open (issued, with a balance) invoices oldest first by invoice date, filled from the
 * oldest source first. Nothing is written; staff confirm or change it, then `apply`.
 */
export async function proposeApply(
  db: Db,
  pharmacyId: number,
  invoiceIds?: readonly number[],
): Promise<ApplyProposalOutput> {
  const pharmacy = await db
    .selectFrom('pharmacies')
    .select(['id', 'unapplied'])
    .where('id', '=', pharmacyId)
    .executeTakeFirst();
  if (!pharmacy) throw notFound('Pharmacy');
  let q = db
    .selectFrom('invoices')
    .select(['id as invoiceId', 'invoiceNumber', 'invoiceDate', 'dueDate', 'balance'])
    .where('pharmacyId', '=', pharmacyId)
    .where('status', '<>', 'Draft')
    .where('balance', '>', '0')
    .orderBy('invoiceDate')
    .orderBy('id');
  if (invoiceIds) q = q.where('id', 'in', invoiceIds.length ? invoiceIds : [0]);
  const invoices = await q.execute();
  const sources = await openSources(db, pharmacyId);
  const left = new Map(invoices.map((i) => [i.invoiceId, toCents(i.balance)]));
  const proposals: ApplyProposalOutput['proposals'] = [];
  for (const source of sources) {
    const open = invoices
      .filter((i) => (left.get(i.invoiceId) ?? 0) > 0)
      .map((i) => ({ ...i, balance: fromCents(left.get(i.invoiceId)!) }));
    for (const { item, cents } of fillOldestFirst(toCents(source.unapplied), open)) {
      left.set(item.invoiceId, left.get(item.invoiceId)! - cents);
      proposals.push({
        paymentId: source.paymentId,
        creditNoteId: source.creditNoteId,
        sourceNumber: source.number,
        invoiceId: item.invoiceId,
        invoiceNumber: item.invoiceNumber,
        amount: fromCents(cents),
      });
    }
  }
  return {
    pharmacyId,
    unapplied: pharmacy.unapplied,
    sources: sources.map(({ paymentId, creditNoteId, number, date, unapplied }) => ({
      paymentId,
      creditNoteId,
      number,
      date,
      unapplied,
    })),
    invoices,
    proposals,
  };
}

/**
 * Applies confirmed allocations in one transaction: pharmacy → invoices by id → each source
 * (payments then credit notes, by id) locked, every amount checked against what is left on its
 * invoice and its source, all or nothing.
 */
export function applyConfirmed(
  db: Db,
  data: ApplyConfirmData,
  userId: string | null,
): Promise<AllocationOutput[]> {
  return inTransaction(db, (trx) => applyInTransaction(trx, data, userId));
}

export async function applyInTransaction(
  trx: Db,
  data: ApplyConfirmData,
  userId: string | null,
): Promise<AllocationOutput[]> {
  const refs: SourceRef[] = data.allocations.map((a) =>
    a.paymentId !== undefined
      ? { kind: 'payment', id: a.paymentId }
      : { kind: 'creditNote', id: a.creditNoteId! },
  );
  await checkInvoicesOf(
    trx,
    data.pharmacyId,
    data.allocations.map((a, i) => ({
      invoiceId: a.invoiceId,
      path: ['allocations', i, 'invoiceId'],
    })),
  );
  await lockPharmacies(trx, [data.pharmacyId]);
  const invoices = await lockInvoices(
    trx,
    data.pharmacyId,
    data.allocations.map((a) => a.invoiceId),
  );
  const keyOf = (r: SourceRef) => `${r.kind}:${r.id}`;
  const ordered = [...new Map(refs.map((r) => [keyOf(r), r])).values()].sort((a, b) =>
    a.kind === b.kind ? a.id - b.id : a.kind === 'payment' ? -1 : 1,
  );
  const sources = new Map<string, LockedSource>();
  for (const ref of ordered) {
    const source = await lockSource(trx, ref);
    if (source.pharmacyId !== data.pharmacyId) {
      const index = refs.findIndex((r) => keyOf(r) === keyOf(ref));
      throw invalidSource(source, index);
    }
    sources.set(keyOf(ref), source);
  }
  const planned = data.allocations.map((a, i) => ({
    invoice: invoices.get(a.invoiceId)!,
    cents: toCents(a.amount),
    path: ['allocations', i],
    source: refs[i]!,
  }));
  await checkInvoiceRoom(trx, planned);
  const spent = new Map<string, number>();
  planned.forEach((p, i) => {
    const key = keyOf(p.source);
    spent.set(key, (spent.get(key) ?? 0) + p.cents);
    checkSourceRoom(sources.get(key)!, spent.get(key)!, ['allocations', i, 'amount']);
  });
  const { ids } = await insertAllocations(trx, data.pharmacyId, planned, userId);
  const made = await allocationsWhere(trx, { ids });
  await logActivities(
    trx,
    made.map((a, i) => allocationEntry(planned[i]!.source, a.sourceNumber, a, 'allocated', userId)),
  );
  return made;
}

function invalidSource(source: LockedSource, index: number): Error {
  return invalidError(
    `${source.ref.kind === 'payment' ? 'Payment' : 'Credit note'} ${source.number} belongs to another pharmacy`,
    ['allocations', index, source.ref.kind === 'payment' ? 'paymentId' : 'creditNoteId'],
  );
}

/**
 * With the `autoApplyOnIssue` setting on, applies the account's unapplied cash and credits
 * oldest first to an invoice just issued, in the issuing transaction (issue 27 §5). The caller
 * holds the pharmacy's lock, which every change of these payments and credit notes takes first,
 * so they are not locked again here: an invoice create has taken the document counter already,
 * and nothing may be locked after it.
 */
export async function autoApplyOnIssue(
  trx: Db,
  pharmacyId: number,
  invoiceId: number,
  userId: string | null,
): Promise<void> {
  const setting = await trx
    .selectFrom('businessSettings')
    .select('autoApplyOnIssue')
    .executeTakeFirstOrThrow();
  if (!setting.autoApplyOnIssue) return;
  const { proposals } = await proposeApply(trx, pharmacyId, [invoiceId]);
  if (!proposals.length) return;
  const invoice = await trx
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  const planned = proposals.map((p) => ({
    invoice,
    cents: toCents(p.amount),
    path: [],
    source: (p.paymentId !== null
      ? { kind: 'payment', id: p.paymentId }
      : { kind: 'creditNote', id: p.creditNoteId! }) satisfies SourceRef as SourceRef,
  }));
  const { ids } = await insertAllocations(trx, pharmacyId, planned, userId);
  const made = await allocationsWhere(trx, { ids });
  await logActivities(
    trx,
    made.map((a, i) => allocationEntry(planned[i]!.source, a.sourceNumber, a, 'allocated', userId)),
  );
}
