import type { z } from 'zod';
import { creditNoteListQuery, idParam, todayIso } from '@pharm/validators';
import { csvDownload, defineFiles, fileRoute, type Caller } from '../../lib/http/files.js';
import { csvFilename, EXPORT_PAGE_SIZE, pagedRows, type CsvDownload } from '../../lib/csv/csv.js';
import { creditNotePdf } from './pdf.js';

const creditNoteExportQuery = creditNoteListQuery.pick({
  q: true,
  pharmacyId: true,
  invoiceId: true,
});
type CreditNoteExportQuery = z.input<typeof creditNoteExportQuery>;

export async function exportCreditNotes(caller: Caller, filters: CreditNoteExportQuery) {
  return {
    filename: csvFilename('credit-notes', todayIso()),
    columns: [
      'credit_note_number',
      'date',
      'pharmacy',
      'invoice_number',
      'reason',
      'amount',
      'tax_rate',
      'tax_amount',
      'total',
      'unapplied',
    ],
    rows: await pagedRows(
      (cursor: number | null) =>
        caller.creditNotes.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE }),
      (c) => [
        [
          c.number,
          c.date,
          c.pharmacy.name,
          c.invoice?.invoiceNumber ?? null,
          c.reason,
          c.amount,
          c.taxRate,
          c.taxAmount,
          c.total,
          c.unapplied,
        ],
      ],
    ),
  } satisfies CsvDownload;
}

export const creditNoteFiles = defineFiles([
  fileRoute({
    path: '/api/credit-notes/:id/download',
    permission: 'creditNotes.read',
    summary: "The credit note's PDF",
    type: 'pdf',
    input: idParam,
    inline: true,
    send: async (c, input, heavyWork) => {
      const note = await c.creditNotes.get(input);
      const addressee = await c.pharmacies.get({ id: note.pharmacyId });
      return {
        filename: `credit-note-${note.number}.pdf`,
        body: await heavyWork.run(creditNotePdf, { note, addressee }),
      };
    },
  }),
  fileRoute({
    path: '/api/credit-notes.csv',
    permission: 'creditNotes.read',
    summary: 'The credit notes list as CSV, with its filters',
    type: 'csv',
    input: creditNoteExportQuery,
    send: async (c, input) => csvDownload(await exportCreditNotes(c, input)),
  }),
]);
