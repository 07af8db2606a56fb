import { isInvoiceOverdue, todayIso } from '@pharm/validators';
import { csvDownload, defineFiles, pathId, queryFlag, type Caller } from '../../lib/http/files.js';
import { csvFilename, EXPORT_PAGE_SIZE, pagedRows } from '../../lib/csv/csv.js';
import type { CsvDownload, Filters } from '../../lib/csv/csv.js';
import { invoicePdf } from './pdf.js';

export async function exportInvoices(caller: Caller, filters: Filters<'q' | 'tab' | 'payable'>) {
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
      (cursor) => caller.invoices.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE } as never),
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
  {
    path: '/api/invoices/:id/download',
    summary: "The invoice's PDF",
    type: 'pdf',
    inline: true,
    send: async (c, r, heavyWork) => {
      const invoice = await c.invoices.get({ id: pathId(r) });
      return {
        filename: `invoice-${invoice.invoiceNumber}.pdf`,
        body: await heavyWork.run(invoicePdf, invoice),
      };
    },
  },
  {
    path: '/api/invoices.csv',
    summary: 'The invoices list as CSV, with its filters',
    type: 'csv',
    send: async (c, r) =>
      csvDownload(
        await exportInvoices(c, {
          q: r.query.q,
          tab: r.query.tab,
          payable: queryFlag(r.query.payable),
        }),
      ),
  },
]);
