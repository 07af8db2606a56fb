import type { z } from 'zod';
import { paymentListQuery, todayIso, type SortedListCursor } from '@pharm/validators';
import { csvDownload, defineFiles, fileRoute, type Caller } from '../../lib/http/files.js';
import { csvFilename, EXPORT_PAGE_SIZE, pagedRows, type CsvDownload } from '../../lib/csv/csv.js';

/** The list's filters that its export takes, from the query string. */
const paymentExportQuery = paymentListQuery.pick({
  q: true,
  invoiceId: true,
  pharmacyId: true,
  from: true,
  to: true,
  sort: true,
  order: true,
});
type PaymentExportQuery = z.input<typeof paymentExportQuery>;

export async function exportPayments(caller: Caller, filters: PaymentExportQuery) {
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
      (cursor: SortedListCursor | null) =>
        caller.payments.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE }),
      (p) => [
        [
          p.paymentNumber,
          p.date,
          p.pharmacy.name,
          // The spec's one invoice, or every invoice the payment is applied to.
          p.invoice?.invoiceNumber ??
            p.allocations
              .filter((a) => a.voidedAt === null)
              .map((a) => a.invoiceNumber)
              .join(' '),
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
  fileRoute({
    path: '/api/payments.csv',
    permission: 'payments.read',
    summary: 'The payments list as CSV, with its filters',
    type: 'csv',
    input: paymentExportQuery,
    send: async (c, input) => csvDownload(await exportPayments(c, input)),
  }),
]);
