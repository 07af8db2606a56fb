import { reportFilename, reportsQuery, todayIso, toCents } from '@pharm/validators';
import type { z } from 'zod';
import { csvDownload, defineFiles, fileRoute, type Caller } from '../../lib/http/files.js';
import { EXPORT_PAGE_SIZE, rowsOf, type CsvDownload } from '../../lib/csv/csv.js';

/** An amount taken off, as a signed decimal string ('0.00' stays as it is). */
const negated = (amount: string) => (toCents(amount) === 0 ? amount : `-${amount}`);

/** The exports' query string, the report's own: checked by the procedures they call. */
type ReportsInput = z.input<typeof reportsQuery>;

/**
 * The A/R aging report's buckets: open (non-Draft, unpaid) invoices by days past due, then the
 * unapplied cash and credits (taken off) and the net total outstanding, as the screen shows them.
 */
export async function exportAging(caller: Caller, input: ReportsInput) {
  const { aging, agingCounts, unappliedCash, totalOutstanding, outstandingInvoiceCount } =
    await caller.reports.get(input);
  return {
    filename: reportFilename('ar-aging', reportsQuery.parse(input), todayIso()),
    columns: ['bucket', 'invoices', 'amount'],
    rows: rowsOf([
      ['Current (0-30 days)', agingCounts.current, aging.current],
      ['31-60 days', agingCounts.days31to60, aging.days31to60],
      ['61-90 days', agingCounts.days61to90, aging.days61to90],
      ['Over 90 days', agingCounts.over90, aging.over90],
      ['Unapplied cash and credits', '', negated(unappliedCash)],
      ['Total outstanding', outstandingInvoiceCount, totalOutstanding],
    ]),
  } satisfies CsvDownload;
}

/**
 * Every invoice open on the as-of date, most past due first (the report's detail shows the first
 * 100). The period only names the file, as it names the report the file was taken from.
 */
export async function exportOutstanding(caller: Caller, input: ReportsInput) {
  // The first page checks the query (a 400 for a bad one), so it parses below.
  const first = await caller.reports.outstanding({ ...input, limit: EXPORT_PAGE_SIZE });
  const query = reportsQuery.parse(input);
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
  return {
    filename: reportFilename('outstanding-invoices', query, todayIso()),
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
        page = await caller.reports.outstanding({
          asOf: query.asOf,
          after: page.after,
          limit: EXPORT_PAGE_SIZE,
        });
      }
    })(),
  } satisfies CsvDownload;
}

export const reportFiles = defineFiles([
  fileRoute({
    path: '/api/reports/aging.csv',
    permission: 'reports.read',
    summary: 'The A/R aging buckets on a date (asOf, today without) as CSV',
    type: 'csv',
    input: reportsQuery,
    send: async (c, input) => csvDownload(await exportAging(c, input)),
  }),
  fileRoute({
    path: '/api/reports/outstanding.csv',
    permission: 'reports.read',
    summary: 'Every invoice open on a date (asOf, today without) as CSV, most past due first',
    type: 'csv',
    input: reportsQuery,
    send: async (c, input) => csvDownload(await exportOutstanding(c, input)),
  }),
]);
