/**
 * What every money transaction (an invoice or payment create, edit or delete) shares, in the
 * locking order of docs/rules.md §3: pharmacy → order → invoice → payment → document counter.
 *
 * The pharmacy row is the lock that matters: every change to one of its invoices or payments
 * holds it until commit, so the sums below (Σ payments of an invoice, Σ balances of a pharmacy)
 * are read with no other writer in between and can never lose an update.
 */
import type { Db, Invoice } from '@pharm/db';
import { fromCents, toCents, type InvoiceStatus } from '@pharm/validators';
import { sql } from 'kysely';
import { invalid } from '../../lib/domain-error.js';
import { claimLockRank } from '../../lib/db/transaction.js';
import { pharmacyEntity } from '../pharmacies/entity.js';

/**
 * Locks the pharmacies in id order (so two transactions that need the same two never wait on
 * each other crosswise). NO KEY UPDATE: only the balance changes, so order and invoice inserts
 * elsewhere (whose foreign keys take KEY SHARE) are not held up; a pharmacy delete still waits.
 */
export async function lockPharmacies(trx: Db, ids: readonly number[]): Promise<void> {
  claimLockRank(trx, pharmacyEntity.lockRank!, pharmacyEntity.label);
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  const found = await trx
    .selectFrom('pharmacies')
    .select('id')
    .where('id', 'in', wanted)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  const missing = wanted.find((id) => !found.some((row) => row.id === id));
  if (missing !== undefined) throw invalid(`Pharmacy ${missing} does not exist`, ['pharmacyId']);
}

/**
 * The record's pharmacy was read before its lock was taken and has changed since: the
 * transaction starts over (inTransaction runs a serialization failure again).
 */
export function movedMeanwhile(): Error {
  return Object.assign(new Error('The record moved to another pharmacy meanwhile'), {
    code: '40001',
  });
}

/**
 * Σ of the invoice's active allocations (from payments and credit notes), in cents: what is
 * paid of it (decisions.md §9).
 */
export async function paidCents(trx: Db, invoiceId: number): Promise<number> {
  const { paid } = await trx
    .selectFrom('allocations')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('paid'))
    .where('invoiceId', '=', invoiceId)
    .where('voidedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return toCents(paid);
}

/**
 * Sets each payment's and credit note's unapplied rest from its active allocations and refunds
 * as they now are (a deleted payment's stays 0). The check constraints refuse a rest below 0, so a source spent twice fails
 * here even if a service forgot to look.
 */
export async function refreshSources(
  trx: Db,
  sources: { paymentIds?: readonly number[]; creditNoteIds?: readonly number[] },
): Promise<void> {
  const paymentIds = [...new Set(sources.paymentIds ?? [])];
  const creditNoteIds = [...new Set(sources.creditNoteIds ?? [])];
  if (paymentIds.length) {
    await trx
      .updateTable('payments as p')
      .set({
        unapplied: sql<string>`p.amount
          - coalesce((select sum(a.amount) from allocations a
                       where a.payment_id = p.id and a.voided_at is null), 0)
          - coalesce((select sum(r.amount) from refunds r where r.payment_id = p.id), 0)`,
      })
      .where('p.id', 'in', paymentIds)
      // A deleted payment holds nothing (migration 0026); its voided allocations may still be
      // touched, by its invoice's delete.
      .where('p.deletedAt', 'is', null)
      .execute();
  }
  if (creditNoteIds.length) {
    await trx
      .updateTable('creditNotes as c')
      .set({
        unapplied: sql<string>`c.total
          - coalesce((select sum(a.amount) from allocations a
                       where a.credit_note_id = c.id and a.voided_at is null), 0)
          - coalesce((select sum(r.amount) from refunds r where r.credit_note_id = c.id), 0)`,
      })
      .where('c.id', 'in', creditNoteIds)
      .execute();
  }
}

/**
 * docs/rules.md §3: a Draft stays Draft; otherwise nothing paid → Unpaid, part of it → Partially
 * Paid, all of it → Paid. An invoice of $0.00 with no payments is Unpaid or Paid, as was chosen
 * (Mark Paid is allowed on it).
 */
export function settledStatus(status: InvoiceStatus, paid: number, total: number): InvoiceStatus {
  if (status === 'Draft') return 'Draft';
  if (paid === 0) return total === 0 && status === 'Paid' ? 'Paid' : 'Unpaid';
  return paid < total ? 'Partially Paid' : 'Paid';
}

/**
 * Sets the invoice's balance and status from its active allocations as they now are; `status` replaces
 * the stored one first (a payment issuing a Draft passes 'Unpaid'). Returns the new status.
 */
export async function settleInvoice(
  trx: Db,
  invoice: Pick<Invoice, 'id' | 'status' | 'total'>,
  status: InvoiceStatus = invoice.status,
): Promise<InvoiceStatus> {
  const paid = await paidCents(trx, invoice.id);
  const total = toCents(invoice.total);
  const settled = settledStatus(status, paid, total);
  await trx
    .updateTable('invoices')
    .set({ balance: fromCents(total - paid), status: settled, updatedAt: sql`now()` })
    .where('id', '=', invoice.id)
    .execute();
  return settled;
}

/**
 * docs/rules.md §3: a pharmacy's balance is Σ balance of its non-Draft invoices; its unapplied
 * cash and credits (decisions.md §9) Σ unapplied of its payments and credit notes. What it owes
 * net is the one less the other.
 */
export async function refreshPharmacyBalances(trx: Db, ids: readonly number[]): Promise<void> {
  await trx
    .updateTable('pharmacies as p')
    .set({
      balance: sql<string>`coalesce((
        select sum(i.balance) from invoices i where i.pharmacy_id = p.id and i.status <> 'Draft'
      ), 0)`,
      unapplied: sql<string>`coalesce((
        select sum(pm.unapplied) from payments pm where pm.pharmacy_id = p.id and pm.unapplied > 0
      ), 0) + coalesce((
        select sum(c.unapplied) from credit_notes c where c.pharmacy_id = p.id and c.unapplied > 0
      ), 0)`,
    })
    .where('p.id', 'in', [...new Set(ids)])
    .execute();
}
