import type { Db } from '@pharm/db';
import {
  toCents,
  type Page,
  type RefundCreateData,
  type RefundListQuery,
  type RefundOutput,
} from '@pharm/validators';
import { logActivities, updateEntry } from '../activity/record.js';
import { inTransaction } from '../../lib/db/transaction.js';
import { paginate } from '../../lib/db/paginate.js';
import { invalid, notFound } from '../../lib/domain-error.js';
import { lockPharmacies } from '../invoices/balances.js';
import { paymentEntity } from '../payments/entity.js';
import { creditNoteEntity } from '../credit-notes/entity.js';
import {
  checkSourceRoom,
  lockSource,
  pharmacyOfSource,
  settleAll,
  type SourceRef,
} from '../allocations/engine.js';

const REFUND_COLUMNS = [
  'id',
  'pharmacyId',
  'paymentId',
  'creditNoteId',
  'amount',
  'date',
  'method',
  'reference',
  'createdAt',
] as const;

/**
 * Pays back part of a payment's or credit note's unapplied rest (decisions.md §9): pharmacy →
 * source locked, never more than what is unapplied (409 naming it).
 */
export function createRefund(
  db: Db,
  data: RefundCreateData,
  userId: string,
): Promise<RefundOutput> {
  return inTransaction(db, async (trx) => {
    const ref: SourceRef =
      data.paymentId !== undefined
        ? { kind: 'payment', id: data.paymentId }
        : { kind: 'creditNote', id: data.creditNoteId! };
    const field = ref.kind === 'payment' ? 'paymentId' : 'creditNoteId';
    const pharmacyId = await pharmacyOfSource(trx, ref);
    if (pharmacyId === undefined) {
      const label = ref.kind === 'payment' ? 'Payment' : 'Credit note';
      throw invalid(`${label} ${ref.id} does not exist`, [field]);
    }
    await lockPharmacies(trx, [pharmacyId]);
    const source = await lockSource(trx, ref);
    checkSourceRoom(source, toCents(data.amount), ['amount']);
    const refund = await trx
      .insertInto('refunds')
      .values({
        pharmacyId,
        paymentId: ref.kind === 'payment' ? ref.id : null,
        creditNoteId: ref.kind === 'creditNote' ? ref.id : null,
        amount: data.amount,
        date: data.date,
        method: data.method,
        reference: data.reference,
        createdBy: userId,
      })
      .returning(REFUND_COLUMNS)
      .executeTakeFirstOrThrow();
    await settleAll(trx, pharmacyId, [], [ref]);
    const key = ref.kind === 'payment' ? 'paymentNumber' : 'number';
    await logActivities(trx, [
      updateEntry(
        { entity: ref.kind === 'payment' ? paymentEntity : creditNoteEntity, id: ref.id, userId },
        { [key]: source.number, refunded: null },
        { [key]: source.number, refunded: { date: refund.date, amount: refund.amount } },
      ),
    ]);
    return refund;
  });
}

export async function getRefund(db: Db, id: number): Promise<RefundOutput> {
  const refund = await db
    .selectFrom('refunds')
    .select(REFUND_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!refund) throw notFound('Refund');
  return refund;
}

/** Newest first, keyset on id; by pharmacy, payment or credit note. */
export function listRefunds(db: Db, query: RefundListQuery): Promise<Page<RefundOutput>> {
  let q = db.selectFrom('refunds').select(REFUND_COLUMNS);
  if (query.pharmacyId) q = q.where('pharmacyId', '=', query.pharmacyId);
  if (query.paymentId) q = q.where('paymentId', '=', query.paymentId);
  if (query.creditNoteId) q = q.where('creditNoteId', '=', query.creditNoteId);
  return paginate(q, query);
}
