import { todayIso } from '@pharm/validators';
import { csvDownload, defineFiles, type Caller } from '../../lib/http/files.js';
import { csvFilename, rowsOf, type Cell, type CsvDownload } from '../../lib/csv/csv.js';
import { recallPdf } from './pdf.js';

/** The recall's contact list: one row per invoice, the pharmacy's contact on each. */
export async function exportRecall(caller: Caller, lot: unknown) {
  const entries = await caller.recall.find({ lot } as never);
  const rows: Cell[][] = entries.flatMap(({ pharmacy, invoices }) =>
    invoices.map((i) => [
      pharmacy.name,
      pharmacy.contactName,
      pharmacy.email,
      pharmacy.phone,
      i.invoiceNumber,
      i.invoiceDate,
      i.lotNumber,
      i.status,
      i.lineItems.map((line) => `${line.qty} x ${line.description}`).join('; '),
    ]),
  );
  return {
    filename: csvFilename(`recall-${lotSlug(lot)}`, todayIso()),
    columns: [
      'pharmacy',
      'contact_name',
      'email',
      'phone',
      'invoice_number',
      'invoice_date',
      'lot_number',
      'status',
      'line_items',
    ],
    rows: rowsOf(rows),
  } satisfies CsvDownload;
}

/** The lot as a file-name part: letters, digits, '-' and '.', a prefix's '*' as 'prefix'. */
export function lotSlug(lot: unknown): string {
  const text = typeof lot === 'string' ? lot.trim() : '';
  const slug = text.replace(/\*$/, '-prefix').replace(/[^A-Za-z0-9.-]+/g, '_');
  return slug.slice(0, 60) || 'lot';
}

export const recallFiles = defineFiles([
  {
    path: '/api/recall.pdf',
    summary: 'The recall list of a lot as PDF',
    type: 'pdf',
    send: async (c, r, heavyWork) => {
      const { lot } = r.query;
      const entries = await c.recall.find({ lot } as never);
      const text = typeof lot === 'string' ? lot.trim() : '';
      return {
        filename: `recall-${lotSlug(text)}.pdf`,
        body: await heavyWork.run(recallPdf, { lot: text, entries }),
      };
    },
  },
  {
    path: '/api/recall.csv',
    summary: "The recall list of a lot as CSV: each invoice with its pharmacy's contact",
    type: 'csv',
    send: async (c, r) => csvDownload(await exportRecall(c, r.query.lot)),
  },
]);
