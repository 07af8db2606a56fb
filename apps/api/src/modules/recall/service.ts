import type { Db, Invoice, Pharmacy } from '@pharm/db';
import { RECALL_LIMIT, type RecallQuery } from '@pharm/validators';
import { sql } from 'kysely';
import { invalid } from '../../lib/domain-error.js';
import { prefixPattern } from '../../lib/db/sql.js';

export interface RecallInvoice extends Pick<
  Invoice,
  'id' | 'invoiceNumber' | 'invoiceDate' | 'lotNumber' | 'status'
> {
  lineItems: { description: string; qty: number }[];
}

/** GET /api/recall: one entry per pharmacy that received the lot, by pharmacy name. */
export interface RecallEntry {
  pharmacy: Pick<Pharmacy, 'id' | 'name' | 'contactName' | 'email' | 'phone'>;
  invoices: RecallInvoice[];
}

/**
 * Every invoice whose lot number is the text, or starts with it for a prefix, in any case, or
 * that has a line of such a lot (issue 30); Drafts
 * included, since a recall notice is better sent once too often than missed. Read through
 * invoices_lot_number_idx (migration 0008): `lower(lot_number)` and `lot_number is not null` are
 * the index's expression and predicate, and the pattern is lower-cased here so the planner sees
 * a constant prefix.
 */
export async function recall(db: Db, query: RecallQuery): Promise<RecallEntry[]> {
  const text = query.lot.text.toLowerCase();
  const lotMatch = (column: string) =>
    query.lot.prefix
      ? sql<boolean>`lower(${sql.ref(column)}) like ${prefixPattern(text)}`
      : sql<boolean>`lower(${sql.ref(column)}) = ${text}`;
  // Issue 30: the invoices with a line of a matching lot too (lots_number_idx, then the lines'
  // lot index), looked up first so the invoices are still read by id or by their own lot number.
  const lineInvoices = await db
    .selectFrom('lots as l')
    .innerJoin('invoiceLineItems as li', 'li.lotId', 'l.id')
    .select('li.invoiceId')
    .distinct()
    .where(lotMatch('l.lot_number'))
    .limit(RECALL_LIMIT + 1)
    .execute();
  const lineInvoiceIds = lineInvoices.map((row) => row.invoiceId);
  const rows = await db
    .selectFrom('invoices as i')
    .innerJoin('pharmacies as p', 'p.id', 'i.pharmacyId')
    .select([
      'i.id',
      'i.invoiceNumber',
      'i.invoiceDate',
      'i.lotNumber',
      'i.status',
      'p.id as pharmacyId',
      'p.name',
      'p.contactName',
      'p.email',
      'p.phone',
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('i.lotNumber', 'is not', null), lotMatch('i.lot_number')]),
        ...(lineInvoiceIds.length ? [eb('i.id', 'in', lineInvoiceIds)] : []),
      ]),
    )
    .orderBy('p.name')
    .orderBy('p.id')
    .orderBy('i.invoiceDate')
    .orderBy('i.id')
    .limit(RECALL_LIMIT + 1)
    .execute();
  if (rows.length > RECALL_LIMIT)
    throw invalid(
      `More than ${RECALL_LIMIT.toLocaleString('en-US')} invoices match; give a longer lot prefix`,
      ['lot'],
    );

  const lines = new Map<number, RecallInvoice['lineItems']>(rows.map((row) => [row.id, []]));
  if (rows.length) {
    const lineRows = await db
      .selectFrom('invoiceLineItems')
      .select(['invoiceId', 'description', 'qty'])
      .where(
        'invoiceId',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('invoiceId')
      .orderBy('position')
      .execute();
    for (const { invoiceId, ...line } of lineRows) lines.get(invoiceId)?.push(line);
  }

  const entries: RecallEntry[] = [];
  for (const row of rows) {
    let entry = entries.at(-1);
    if (entry?.pharmacy.id !== row.pharmacyId) {
      entry = {
        pharmacy: {
          id: row.pharmacyId,
          name: row.name,
          contactName: row.contactName,
          email: row.email,
          phone: row.phone,
        },
        invoices: [],
      };
      entries.push(entry);
    }
    entry.invoices.push({
      id: row.id,
      invoiceNumber: row.invoiceNumber,
      invoiceDate: row.invoiceDate,
      lotNumber: row.lotNumber,
      status: row.status,
      lineItems: lines.get(row.id) ?? [],
    });
  }
  return entries;
}
