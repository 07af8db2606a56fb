import type { Db, InvoiceLineItem, OrderLineItem, Pharmacy } from '@pharm/db';
import type { LineLot } from '@pharm/validators';

/**
 * What orders and invoices, the documents with line items, read alike: their lines, their
 * pharmacy's name, contact and addresses, and their lines in the activity log.
 */

const LINES = {
  order: { table: 'orderLineItems', documentId: 'orderId' },
  invoice: { table: 'invoiceLineItems', documentId: 'invoiceId' },
} as const;

/** A line item as documents answer it: with its lot's number and expiry (issue 30). */
export type OrderLine = OrderLineItem & { lot: LineLot };
export type InvoiceLine = InvoiceLineItem & { lot: LineLot };

interface Lines {
  order: OrderLine;
  invoice: InvoiceLine;
}

/**
 * Each document's line items in their order, each with its lot's number and expiry (issue 30);
 * every id is a key, with [] when it has none.
 */
export async function lineItemsOf<Kind extends keyof Lines>(
  db: Db,
  kind: Kind,
  ids: readonly number[],
): Promise<Map<number, Lines[Kind][]>> {
  const { table, documentId } = LINES[kind];
  const byDocument = new Map<number, Lines[Kind][]>(ids.map((id) => [id, []]));
  if (!ids.length) return byDocument;
  // Kysely cannot follow a table name held in a type parameter; each kind's row is restored below.
  const rows = await db
    .selectFrom(`${table as 'orderLineItems'} as line`)
    .leftJoin('lots', 'lots.id', 'line.lotId')
    .selectAll('line')
    .select(['lots.lotNumber', 'lots.expiryDate'])
    .where(`line.${documentId as 'orderId'}`, 'in', ids)
    .orderBy(`line.${documentId as 'orderId'}`)
    .orderBy('line.position')
    .execute();
  for (const { lotNumber, expiryDate, ...line } of rows) {
    const lot =
      line.lotId !== null && lotNumber !== null && expiryDate !== null
        ? { id: line.lotId, lotNumber, expiryDate }
        : null;
    const row = { ...line, lot } as unknown as Lines[Kind];
    byDocument.get((line as unknown as Record<string, number>)[documentId]!)?.push(row);
  }
  return byDocument;
}

/** The columns of the document's pharmacy (joined as `p`) that its details and PDF show. */
export const PHARMACY_COLUMNS = [
  'p.name as pharmacyName',
  'p.contactName',
  'p.email',
  'p.phone',
  'p.shippingAddress',
  'p.billingAddress',
] as const;

/** A row read with PHARMACY_COLUMNS, those gathered into its `pharmacy`. */
export function withPharmacy<
  Row extends { pharmacyName: Pharmacy['name'] } & Pick<
    Pharmacy,
    'contactName' | 'email' | 'phone' | 'shippingAddress' | 'billingAddress'
  >,
>(row: Row) {
  const { pharmacyName, contactName, email, phone, shippingAddress, billingAddress, ...document } =
    row;
  return {
    ...document,
    pharmacy: { name: pharmacyName, contactName, email, phone, shippingAddress, billingAddress },
  };
}

/**
 * What the activity log keeps of a line item that both kinds have; its lot by number, only when
 * it has one, so the history of lines without lots reads as it did.
 */
export function lineSnapshot(
  line: Pick<InvoiceLineItem, 'description' | 'qty' | 'unitPrice' | 'lineTotal'> & {
    lot?: LineLot;
  },
) {
  return {
    description: line.description,
    qty: line.qty,
    unitPrice: line.unitPrice,
    lineTotal: line.lineTotal,
    ...(line.lot ? { lot: line.lot.lotNumber } : {}),
  };
}
