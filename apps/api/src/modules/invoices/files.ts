import type { z } from 'zod';
import {
  idParam,
  invoiceListQuery,
  isInvoiceOverdue,
  todayIso,
  type SortedListCursor,
} from '@pharm/validators';
import { csvDownload, defineFiles, fileRoute, type Caller } from '../../lib/http/files.js';
import { csvFilename, EXPORT_PAGE_SIZE, pagedRows, type CsvDownload } from '../../lib/csv/csv.js';
import { invoicePdf } from './pdf.js';

/** The list's filters that its export takes, from the query string. */
const invoiceExportQuery = invoiceListQuery.pick({
  q: true,
  tab: true,
  payable: true,
  pharmacyId: true,
  from: true,
  to: true,
  dateField: true,
  sort: true,
  order: true,
});
type InvoiceExportQuery = z.input<typeof invoiceExportQuery>;

export async function exportInvoices(caller: Caller, filters: InvoiceExportQuery) {
  const today = todayIso();
  return {
    filename: csvFilename('invoices', today),
    columns: [
      'invoice_number',
      'pharmacy',
      'invoice_date',
      'due_date',
      'status',
      'overdue',
      'terms',
      'lot_number',
      'tray_size',
      'nest_size',
      'case_size',
      'amount',
      'tax_rate',
      'tax_amount',
      'shipping',
      'total',
      'amount_paid',
      'balance',
      'notes',
    ],
    rows: await pagedRows(
      (cursor: SortedListCursor | null) =>
        caller.invoices.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE }),
      (i) => [
        [
          i.invoiceNumber,
          i.pharmacy.name,
          i.invoiceDate,
          i.dueDate,
          i.status,
          isInvoiceOverdue(i, today),
          i.terms,
          i.lotNumber,
          i.traySize,
          i.nestSize,
          i.caseSize,
          i.amount,
          i.taxRate,
          i.taxAmount,
          i.shipping,
          i.total,
          i.amountPaid,
          i.balance,
          i.notes,
        ],
      ],
    ),
  } satisfies CsvDownload;
}

export const invoiceFiles = defineFiles([
  fileRoute({
    path: '/api/invoices/:id/download',
    permission: 'invoices.read',
    summary: "The invoice's PDF",
    type: 'pdf',
    input: idParam,
    inline: true,
    send: async (c, input, heavyWork) => {
      const invoice = await c.invoices.get(input);
      return {
        filename: `invoice-${invoice.invoiceNumber}.pdf`,
        body: await heavyWork.run(invoicePdf, invoice),
      };
    },
  }),
  fileRoute({
    path: '/api/invoices.csv',
    permission: 'invoices.read',
    summary: 'The invoices list as CSV, with its filters',
    type: 'csv',
    input: invoiceExportQuery,
    send: async (c, input) => csvDownload(await exportInvoices(c, input)),
  }),
]);
