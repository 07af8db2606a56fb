import { todayIso } from '@pharm/validators';
import { csvDownload, defineFiles, fileRoute, type Caller } from '../../lib/http/files.js';
import { csvFilename, EXPORT_PAGE_SIZE, rowsOf, type CsvDownload } from '../../lib/csv/csv.js';

/** The A/R aging report's buckets: open (non-Draft, unpaid) invoices by days past due. */
export async function exportAging(caller: Caller) {
  const { aging, agingCounts } = await caller.reports.get();
  return {
    filename: csvFilename('ar-aging', todayIso()),
    columns: ['bucket', 'invoices', 'amount'],
    rows: rowsOf([
      ['Current (0-30 days)', agingCounts.current, aging.current],
      ['31-60 days', agingCounts.days31to60, aging.days31to60],
      ['61-90 days', agingCounts.days61to90, aging.days61to90],
      ['Over 90 days', agingCounts.over90, aging.over90],
    ]),
  } satisfies CsvDownload;
}

/** Every open invoice, most past due first (the report's detail shows the first 100). */
export async function exportOutstanding(caller: Caller) {
  const toRow = (i: Awaited<ReturnType<Caller['reports']['outstanding']>>['items'][number]) => [
    i.invoiceNumber,
    i.pharmacy.name,
    i.invoiceDate,
    i.dueDate,
    Math.max(0, i.daysPastDue),
    i.status,
    i.total,
    i.balance,
  ];
  const first = await caller.reports.outstanding({ limit: EXPORT_PAGE_SIZE });
  return {
    filename: csvFilename('outstanding-invoices', todayIso()),
    columns: [
      'invoice_number',
      'pharmacy',
      'invoice_date',
      'due_date',
      'days_past_due',
      'status',
      'total',
      'balance',
    ],
    rows: (async function* () {
      let page = first;
      for (;;) {
        yield* page.items.map(toRow);
        if (!page.after) return;
        page = await caller.reports.outstanding({ after: page.after, limit: EXPORT_PAGE_SIZE });
      }
    })(),
  } satisfies CsvDownload;
}

export const reportFiles = defineFiles([
  fileRoute({
    path: '/api/reports/aging.csv',
    summary: 'The A/R aging buckets as CSV',
    type: 'csv',
    send: async (c) => csvDownload(await exportAging(c)),
  }),
  fileRoute({
    path: '/api/reports/outstanding.csv',
    summary: 'Every open invoice as CSV, most past due first',
    type: 'csv',
    send: async (c) => csvDownload(await exportOutstanding(c)),
  }),
]);
