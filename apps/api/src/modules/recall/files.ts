import { recallQuery, todayIso, type RecallQueryInput } from '@pharm/validators';
import { csvDownload, defineFiles, fileRoute, type Caller } from '../../lib/http/files.js';
import { csvFilename, rowsOf, type Cell, type CsvDownload } from '../../lib/csv/csv.js';
import { recallPdf } from './pdf.js';

/** The recall's contact list: one row per invoice, the pharmacy's contact on each. */
export async function exportRecall(caller: Caller, input: RecallQueryInput) {
  const entries = await caller.recall.find(input);
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
    filename: csvFilename(`recall-${lotSlug(input.lot)}`, todayIso()),
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
export function lotSlug(lot: string): string {
  const text = lot.trim();
  const slug = text.replace(/\*$/, '-prefix').replace(/[^A-Za-z0-9.-]+/g, '_');
  return slug.slice(0, 60) || 'lot';
}

export const recallFiles = defineFiles([
  fileRoute({
    path: '/api/recall.pdf',
    permission: 'reports.read',
    summary: 'The recall list of a lot as PDF',
    type: 'pdf',
    input: recallQuery,
    send: async (c, input, heavyWork) => {
      const entries = await c.recall.find(input);
      const text = input.lot.trim();
      return {
        filename: `recall-${lotSlug(text)}.pdf`,
        body: await heavyWork.run(recallPdf, { lot: text, entries }),
      };
    },
  }),
  fileRoute({
    path: '/api/recall.csv',
    permission: 'reports.read',
    summary: "The recall list of a lot as CSV: each invoice with its pharmacy's contact",
    type: 'csv',
    input: recallQuery,
    send: async (c, input) => csvDownload(await exportRecall(c, input)),
  }),
]);
