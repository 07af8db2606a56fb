import { todayIso } from '@pharm/validators';
import { csvDownload, defineFiles, queryFlag, type Caller } from '../../lib/http/files.js';
import { csvFilename, EXPORT_PAGE_SIZE, pagedRows } from '../../lib/csv/csv.js';
import type { CsvDownload, Filters } from '../../lib/csv/csv.js';

export async function exportPharmacies(caller: Caller, filters: Filters<'q' | 'hold'>) {
  return {
    filename: csvFilename('pharmacies', todayIso()),
    columns: [
      'name',
      'contact_name',
      'email',
      'phone',
      'shipping_address',
      'billing_address',
      'terms',
      'balance',
      'notes',
      'created_at',
    ],
    rows: await pagedRows(
      (cursor) => caller.pharmacies.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE } as never),
      (p) => [
        [
          p.name,
          p.contactName,
          p.email,
          p.phone,
          p.shippingAddress,
          p.billingAddress,
          p.terms,
          p.balance,
          p.notes,
          p.createdAt,
        ],
      ],
    ),
  } satisfies CsvDownload;
}

export const pharmacyFiles = defineFiles([
  {
    path: '/api/pharmacies.csv',
    summary: 'The pharmacies list as CSV, with its filters',
    type: 'csv',
    send: async (c, r) =>
      csvDownload(await exportPharmacies(c, { q: r.query.q, hold: queryFlag(r.query.hold) })),
  },
]);
