import type { z } from 'zod';
import { pharmacyListQuery, todayIso, type SortedListCursor } from '@pharm/validators';
import { csvDownload, defineFiles, fileRoute, type Caller } from '../../lib/http/files.js';
import { csvFilename, EXPORT_PAGE_SIZE, pagedRows, type CsvDownload } from '../../lib/csv/csv.js';

/** The list's filters that its export takes, from the query string. */
const pharmacyExportQuery = pharmacyListQuery.pick({
  q: true,
  hold: true,
  sort: true,
  order: true,
});
type PharmacyExportQuery = z.input<typeof pharmacyExportQuery>;

export async function exportPharmacies(caller: Caller, filters: PharmacyExportQuery) {
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
      (cursor: SortedListCursor | null) =>
        caller.pharmacies.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE }),
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
  fileRoute({
    path: '/api/pharmacies.csv',
    permission: 'pharmacies.read',
    summary: 'The pharmacies list as CSV, with its filters',
    type: 'csv',
    input: pharmacyExportQuery,
    send: async (c, input) => csvDownload(await exportPharmacies(c, input)),
  }),
]);
