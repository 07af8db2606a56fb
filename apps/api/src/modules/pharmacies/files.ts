import type { z } from 'zod';
import {
  LICENCE_KIND_LABELS,
  LICENCE_STATUS_LABELS,
  pharmacyListQuery,
  todayIso,
  type LicenceOutput,
  type SortedListCursor,
} from '@pharm/validators';
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

/**
 * A pharmacy's licences in one cell, each as "State pharmacy licence PH-1 IL, Valid (expires
 * 2027-03-31)", joined by "; ".
 */
export function licencesCell(licences: readonly LicenceOutput[]): string {
  return licences
    .map((licence) => {
      const what = [
        LICENCE_KIND_LABELS[licence.kind],
        licence.number,
        licence.state,
        licence.schedules.length > 0 ? `(${licence.schedules.join(', ')})` : null,
      ]
        .filter(Boolean)
        .join(' ');
      const expiry = licence.expiresOn ? ` (expires ${licence.expiresOn})` : '';
      return `${what}, ${LICENCE_STATUS_LABELS[licence.status]}${expiry}`;
    })
    .join('; ');
}

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
      'shipping_state',
      'licences',
    ],
    rows: await pagedRows(
      // Each page's licences in one read, beside its pharmacies.
      async (cursor: SortedListCursor | null) => {
        const page = await caller.pharmacies.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE });
        const licences = await caller.licences.ofPharmacies({
          pharmacyIds: page.items.map((p) => p.id),
        });
        const items = page.items.map((p) => ({
          ...p,
          licences: licences.filter((licence) => licence.pharmacyId === p.id),
        }));
        return { ...page, items };
      },
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
          p.shippingState,
          licencesCell(p.licences),
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
