import { todayIso } from '@pharm/validators';
import { z } from 'zod';
import { csvFilename, rowsOf, type Cell } from '../../lib/csv/csv.js';
import { csvDownload, defineFiles, fileRoute } from '../../lib/http/files.js';
import { recallLetterFilename, recallLetterPdf } from './pdf.js';

const letterParams = z.object({ id: z.number(), pharmacyId: z.number() });

export const recallsFiles = defineFiles([
  fileRoute({
    path: '/api/recalls/:id/letters/:pharmacyId.pdf',
    summary: "A pharmacy's recall letter: its lines that carried the lots, and what to do",
    type: 'pdf',
    permission: 'recalls.read',
    input: letterParams,
    send: async (caller, input, heavyWork) => {
      const letter = await caller.recalls.letter(input);
      return {
        filename: recallLetterFilename(letter.recall, letter.entry),
        body: await heavyWork.run(recallLetterPdf, letter),
      };
    },
  }),
  fileRoute({
    path: '/api/recalls.csv',
    summary:
      "The recalls as CSV, one row per pharmacy and line: the recall, the pharmacy's notice and the line",
    type: 'csv',
    permission: 'recalls.read',
    input: z.object({ status: z.enum(['open', 'closed']).optional() }),
    send: async (caller, input) => {
      const list = await caller.recalls.list(input);
      const rows: Cell[][] = [];
      for (const item of list) {
        const recall = await caller.recalls.get({ id: item.id });
        const head = [
          recall.number,
          recall.class,
          recall.initiatedOn,
          recall.closedOn,
          recall.reason,
        ];
        if (!recall.pharmacies.length)
          rows.push([...head, null, null, null, null, null, null, null, null, null]);
        for (const { pharmacy, notice, lines } of recall.pharmacies) {
          for (const line of lines) {
            rows.push([
              ...head,
              pharmacy.name,
              notice.status,
              notice.channel,
              notice.notifiedAt,
              notice.acknowledgedAt,
              notice.quantityReturned,
              line.invoiceNumber,
              line.lotNumber,
              `${line.qty} x ${line.description}`,
            ]);
          }
        }
      }
      return csvDownload({
        filename: csvFilename('recalls', todayIso()),
        columns: [
          'recall_number',
          'class',
          'initiated_on',
          'closed_on',
          'reason',
          'pharmacy',
          'notice_status',
          'channel',
          'notified_at',
          'acknowledged_at',
          'quantity_returned',
          'invoice_number',
          'lot_number',
          'line',
        ],
        rows: rowsOf(rows),
      });
    },
  }),
]);
