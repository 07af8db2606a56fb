import { formatDate } from '@pharm/validators';
import type { RecallEntry } from './service.js';
import { closing, table, type Column } from '../../lib/pdf/blocks.js';
import { renderDocument, type PdfOptions } from '../../lib/pdf/document.js';
import { SUPPLIER } from '../../lib/pdf/theme.js';
import { definePdf } from '../../lib/workers/jobs.js';

type Row = RecallEntry['invoices'][number] & { pharmacy: RecallEntry['pharmacy'] };

const COLUMNS: Column<Row>[] = [
  {
    label: 'Pharmacy and contact',
    width: 170,
    value: ({ pharmacy }) =>
      [pharmacy.name, pharmacy.contactName, pharmacy.email, pharmacy.phone]
        .filter(Boolean)
        .join('\n'),
  },
  { label: 'Invoice', width: 92, value: (i) => `${i.invoiceNumber}\n${formatDate(i.invoiceDate)}` },
  { label: 'Lot', width: 70, value: (i) => i.lotNumber ?? '' },
  {
    label: 'Line items',
    value: (i) => i.lineItems.map((line) => `${line.qty} × ${line.description}`).join('\n') || '—',
  },
];

/**
 * The printable contact list of a recall: every pharmacy that received the lot with whom to call,
 * and the invoices that shipped it, to attach to a recall notice.
 */
export function renderRecallPdf(
  lot: string,
  entries: RecallEntry[],
  options: PdfOptions = {},
): Promise<Buffer> {
  const rows: Row[] = entries.flatMap(({ pharmacy, invoices }) =>
    invoices.map((invoice) => ({ ...invoice, pharmacy })),
  );
  return renderDocument(
    {
      title: 'LOT RECALL',
      reference: `Recall of lot ${lot}`,
      party: `${entries.length} pharmacies`,
      facts: [
        { label: 'Lot', value: lot },
        { label: 'Pharmacies', value: entries.length.toLocaleString('en-US') },
        { label: 'Invoices', value: rows.length.toLocaleString('en-US') },
        { label: 'Printed', value: formatDate(new Date()) },
      ],
      body: [
        table({
          title: 'Pharmacies to notify',
          caption: `${entries.length} pharmacies  ·  ${rows.length} invoices`,
          columns: COLUMNS,
          rows,
          empty: 'No invoice shipped this lot.',
        }),
        closing(
          `Every invoice whose lot number ${lot.endsWith('*') ? 'starts with' : 'is'} ` +
            `${lot.replace(/\*$/, '')}, Drafts included. Questions: ${SUPPLIER.email} or ${SUPPLIER.phone}.`,
        ),
      ],
    },
    options,
  );
}

/** The recall list's PDF, rendered on a worker thread. */
export const recallPdf = definePdf(
  'recall.pdf',
  ({ lot, entries }: { lot: string; entries: RecallEntry[] }) => renderRecallPdf(lot, entries),
);
