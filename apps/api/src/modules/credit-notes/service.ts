import type { Db } from '@pharm/db';
import {
  formatUsd,
  fromCents,
  lineTotalCents,
  sumCents,
  taxCents,
  toCents,
  type CreditNoteCreateData,
  type CreditNoteListQuery,
  type CreditNoteOutput,
  type Page,
} from '@pharm/validators';
import type { z } from 'zod';
import type { creditableLinesOutput, creditNoteListItemOutput } from '@pharm/validators';
import { logCreate, type Snapshot } from '../activity/record.js';
import { nextDocumentNumber } from '../../lib/db/document-numbers.js';
import { paginate } from '../../lib/db/paginate.js';
import { containsPattern } from '../../lib/db/sql.js';
import { inSnapshot, inTransaction } from '../../lib/db/transaction.js';
import { conflict, invalid, notFound } from '../../lib/domain-error.js';
import { lockPharmacies } from '../invoices/balances.js';
import {
  allocationsWhere,
  checkInvoicesOf,
  lockInvoices,
  refundsWhere,
  settleAll,
} from '../allocations/engine.js';
import { creditNoteEntity } from './entity.js';

export type CreditNoteListItem = z.output<typeof creditNoteListItemOutput>;
export type CreditableLines = z.output<typeof creditableLinesOutput>;

function creditNotesQuery(db: Db) {
  return db
    .selectFrom('creditNotes as c')
    .innerJoin('pharmacies as p', 'p.id', 'c.pharmacyId')
    .leftJoin('invoices as i', 'i.id', 'c.invoiceId')
    .select([
      'c.id',
      'c.creditNoteNumber',
      'c.pharmacyId',
      'p.name as pharmacyName',
      'c.invoiceId',
      'i.invoiceNumber',
      'c.date',
      'c.reason',
      'c.amount',
      'c.taxRate',
      'c.taxAmount',
      'c.total',
      'c.unapplied',
      'c.createdAt',
      'c.updatedAt',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof creditNotesQuery>['executeTakeFirstOrThrow']>>;

function dress({ creditNoteNumber, pharmacyName, invoiceNumber, ...row }: Row): CreditNoteListItem {
  return {
    ...row,
    number: creditNoteNumber,
    pharmacy: { name: pharmacyName },
    invoice: row.invoiceId !== null && invoiceNumber !== null ? { invoiceNumber } : null,
  };
}

/** Newest first, keyset on id; `q` over the number; by pharmacy, invoice, or with a rest. */
export async function listCreditNotes(
  db: Db,
  query: CreditNoteListQuery,
): Promise<Page<CreditNoteListItem>> {
  let q = creditNotesQuery(db);
  if (query.pharmacyId) q = q.where('c.pharmacyId', '=', query.pharmacyId);
  if (query.invoiceId) q = q.where('c.invoiceId', '=', query.invoiceId);
  if (query.open) q = q.where('c.unapplied', '>', '0');
  if (query.q) q = q.where('c.creditNoteNumber', 'ilike', containsPattern(query.q));
  const page = await paginate(q, query, 'c.id');
  return { items: page.items.map(dress), nextCursor: page.nextCursor };
}

export function getCreditNote(db: Db, id: number): Promise<CreditNoteOutput> {
  return inSnapshot(db, (db) => readCreditNote(db, id));
}

async function readCreditNote(db: Db, id: number): Promise<CreditNoteOutput> {
  const row = await creditNotesQuery(db).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Credit note');
  const lines = await db
    .selectFrom('creditNoteLines')
    .select(['id', 'invoiceLineId', 'position', 'description', 'qty', 'unitPrice', 'lineTotal'])
    .where('creditNoteId', '=', id)
    .orderBy('position')
    .execute();
  return {
    ...dress(row),
    lines,
    allocations: await allocationsWhere(db, { creditNoteIds: [id] }),
    refunds: await refundsWhere(db, { creditNoteIds: [id] }),
  };
}

export function creditNoteSnapshot(note: CreditNoteOutput): Snapshot {
  return {
    number: note.number,
    pharmacy: note.pharmacy.name,
    invoice: note.invoice?.invoiceNumber ?? null,
    date: note.date,
    reason: note.reason,
    amount: note.amount,
    taxRate: note.taxRate,
    taxAmount: note.taxAmount,
    total: note.total,
    unapplied: note.unapplied,
    lines: note.lines.map((l) => ({
      description: l.description,
      qty: l.qty,
      unitPrice: l.unitPrice,
    })),
    allocations: note.allocations
      .filter((a) => a.voidedAt === null)
      .map((a) => ({ invoice: a.invoiceNumber, amount: a.amount })),
  };
}

/** How much of each of the invoice's lines its credit notes have taken back so far. */
async function creditedQty(db: Db, invoiceId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('creditNoteLines as l')
    .innerJoin('invoiceLineItems as il', 'il.id', 'l.invoiceLineId')
    .select(['l.invoiceLineId', (eb) => eb.fn.sum<string>('l.qty').as('qty')])
    .where('il.invoiceId', '=', invoiceId)
    .groupBy('l.invoiceLineId')
    .execute();
  return new Map(rows.map((r) => [r.invoiceLineId!, Number(r.qty)]));
}

/** An invoice's lines with what is left of each to credit, for the credit note form. */
export async function creditableLines(db: Db, invoiceId: number): Promise<CreditableLines> {
  const invoice = await db
    .selectFrom('invoices')
    .select(['id', 'invoiceNumber', 'pharmacyId', 'taxRate'])
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  if (!invoice) throw notFound('Invoice');
  const credited = await creditedQty(db, invoiceId);
  const lines = await db
    .selectFrom('invoiceLineItems')
    .select(['id', 'description', 'unitPrice', 'qty'])
    .where('invoiceId', '=', invoiceId)
    .orderBy('position')
    .execute();
  return {
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    pharmacyId: invoice.pharmacyId,
    taxRate: invoice.taxRate,
    lines: lines.map((l) => ({
      invoiceLineId: l.id,
      description: l.description,
      unitPrice: l.unitPrice,
      invoicedQty: l.qty,
      creditedQty: credited.get(l.id) ?? 0,
      creditableQty: l.qty - (credited.get(l.id) ?? 0),
    })),
  };
}

/**
 * Issues a credit note CRN-YYYY-NNNNN for a pharmacy: from an invoice's returned lines (each at
 * most what is left of it to credit, 409 naming it) or a free amount; tax at the invoice's rate
 * (none without an invoice). Its whole total is unapplied until applied or refunded.
 * Locks: pharmacy → the invoice (so its lines and their credits hold still) → counter.
 */
export function createCreditNote(
  db: Db,
  data: CreditNoteCreateData,
  userId: string,
): Promise<CreditNoteOutput> {
  return inTransaction(db, async (trx) => {
    const invoiceId = data.invoiceId ?? null;
    if (invoiceId !== null) {
      await checkInvoicesOf(trx, data.pharmacyId, [{ invoiceId, path: ['invoiceId'] }]);
    }
    await lockPharmacies(trx, [data.pharmacyId]);
    const invoice =
      invoiceId === null
        ? undefined
        : (await lockInvoices(trx, data.pharmacyId, [invoiceId])).get(invoiceId)!;
    const taxRate = invoice?.taxRate ?? '0.0000';

    const lines: {
      invoiceLineId: number;
      description: string;
      qty: number;
      unitPrice: string;
      cents: number;
    }[] = [];
    if (data.lines?.length && invoice) {
      const invoiceLines = await trx
        .selectFrom('invoiceLineItems')
        .select(['id', 'description', 'qty', 'unitPrice'])
        .where('invoiceId', '=', invoice.id)
        .execute();
      const byId = new Map(invoiceLines.map((l) => [l.id, l]));
      const credited = await creditedQty(trx, invoice.id);
      data.lines.forEach((wanted, index) => {
        const line = byId.get(wanted.invoiceLineId);
        if (!line) {
          throw invalid(`Line ${wanted.invoiceLineId} is not a line of ${invoice.invoiceNumber}`, [
            'lines',
            index,
            'invoiceLineId',
          ]);
        }
        const left = line.qty - (credited.get(line.id) ?? 0);
        if (wanted.qty > left) {
          throw conflict(`Only ${left} of "${line.description}" are left to credit`, [
            'lines',
            index,
            'qty',
          ]);
        }
        lines.push({
          invoiceLineId: line.id,
          description: line.description,
          qty: wanted.qty,
          unitPrice: line.unitPrice,
          cents: lineTotalCents(wanted.qty, toCents(line.unitPrice)),
        });
      });
    }
    const amount = lines.length ? sumCents(lines.map((l) => l.cents)) : toCents(data.amount!);
    const tax = taxCents(amount, taxRate);
    const total = amount + tax;
    if (total >= 10 ** 10)
      throw invalid(`Credit note total ${formatUsd(total)} is too large`, ['amount']);

    const number = await nextDocumentNumber(trx, creditNoteEntity);
    const { id } = await trx
      .insertInto('creditNotes')
      .values({
        creditNoteNumber: number,
        pharmacyId: data.pharmacyId,
        invoiceId,
        date: data.date,
        reason: data.reason,
        amount: fromCents(amount),
        taxRate,
        taxAmount: fromCents(tax),
        total: fromCents(total),
        unapplied: fromCents(total),
        createdBy: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (lines.length) {
      await trx
        .insertInto('creditNoteLines')
        .values(
          lines.map((l, position) => ({
            creditNoteId: id,
            invoiceLineId: l.invoiceLineId,
            position,
            description: l.description,
            qty: l.qty,
            unitPrice: l.unitPrice,
            lineTotal: fromCents(l.cents),
          })),
        )
        .execute();
    }
    await settleAll(trx, data.pharmacyId, [], [{ kind: 'creditNote', id }]);
    const created = await getCreditNote(trx, id);
    await logCreate(trx, { entity: creditNoteEntity, id, userId }, creditNoteSnapshot(created));
    return created;
  });
}
