import type { Db, InvoiceLineItem, OrderLineItem, Pharmacy } from '@pharm/db';

/**
 * What orders and invoices, the documents with line items, read alike: their lines, their
 * pharmacy's name, contact and addresses, and their lines in the activity log.
 */

const LINES = {
  order: { table: 'orderLineItems', documentId: 'orderId' },
  invoice: { table: 'invoiceLineItems', documentId: 'invoiceId' },
} as const;

interface Lines {
  order: OrderLineItem;
  invoice: InvoiceLineItem;
}

/** Each document's line items in their order; every id is a key, with [] when it has none. */
export async function lineItemsOf<Kind extends keyof Lines>(
  db: Db,
  kind: Kind,
  ids: readonly number[],
): Promise<Map<number, Lines[Kind][]>> {
  const { table, documentId } = LINES[kind];
  const byDocument = new Map<number, Lines[Kind][]>(ids.map((id) => [id, []]));
  if (!ids.length) return byDocument;
  const rows = await db
    .selectFrom(table)
    .selectAll()
    .where(documentId, 'in', ids)
    .orderBy(documentId)
    .orderBy('position')
    .execute();
  for (const row of rows) byDocument.get(row[documentId])?.push(row);
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

/** What the activity log keeps of a line item that both kinds have. */
export function lineSnapshot(
  line: Pick<InvoiceLineItem, 'description' | 'qty' | 'unitPrice' | 'lineTotal'>,
) {
  return {
    description: line.description,
    qty: line.qty,
    unitPrice: line.unitPrice,
    lineTotal: line.lineTotal,
  };
}
