import { todayIso } from '@pharm/validators';
import { csvDownload, defineFiles, queryNumber, type Caller } from '../../lib/http/files.js';
import { csvFilename, EXPORT_PAGE_SIZE, pagedRows } from '../../lib/csv/csv.js';
import type { CsvDownload, Filters } from '../../lib/csv/csv.js';

export async function exportPayments(caller: Caller, filters: Filters<'q' | 'invoiceId'>) {
  return {
    filename: csvFilename('payments', todayIso()),
    columns: [
      'payment_number',
      'date',
      'pharmacy',
      'invoice_number',
      'amount',
      'method',
      'reference',
      'notes',
    ],
    rows: await pagedRows(
      (cursor) => caller.payments.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE } as never),
      (p) => [
        [
          p.paymentNumber,
          p.date,
          p.pharmacy.name,
          p.invoice.invoiceNumber,
          p.amount,
          p.method,
          p.reference,
          p.notes,
        ],
      ],
    ),
  } satisfies CsvDownload;
}

export const paymentFiles = defineFiles([
  {
    path: '/api/payments.csv',
    summary: 'The payments list as CSV, with its filters',
    type: 'csv',
    send: async (c, r) =>
      csvDownload(
        await exportPayments(c, { q: r.query.q, invoiceId: queryNumber(r.query.invoiceId) }),
      ),
  },
]);
