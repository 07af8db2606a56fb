import { formatDate, type RecallRecord } from '@pharm/validators';
import {
  closing,
  notes,
  parties,
  shipTo,
  table,
  type Addressee,
  type Column,
} from '../../lib/pdf/blocks.js';
import { renderDocument, type PdfOptions } from '../../lib/pdf/document.js';
import { SUPPLIER } from '../../lib/pdf/theme.js';
import { definePdf } from '../../lib/workers/jobs.js';

type Entry = RecallRecord['pharmacies'][number];
type Line = Entry['lines'][number];

const LINE_COLUMNS: Column<Line>[] = [
  { label: 'Invoice', width: 100, value: (l) => l.invoiceNumber },
  { label: 'Date', width: 80, value: (l) => formatDate(l.invoiceDate) },
  { label: 'Lot', width: 90, value: (l) => l.lotNumber },
  { label: 'Item', value: (l) => l.description },
  { label: 'Qty', width: 50, align: 'right', value: (l) => l.qty.toLocaleString('en-US') },
];

/** What the pharmacy is asked to do, by how serious the recall is. */
const URGENCY: Record<RecallRecord['class'], string> = {
  I: 'Class I: use of these products may cause serious adverse health consequences or death.',
  II: 'Class II: use of these products may cause temporary or reversible adverse health consequences.',
  III: 'Class III: use of these products is unlikely to cause adverse health consequences.',
};

export interface RecallLetter {
  recall: RecallRecord;
  entry: Entry;
  address: Addressee;
}

/**
 * A pharmacy's recall letter: the recall and why, the lines of its invoices that carried the
 * recalled lots (only those), what to do, and an acknowledgement form to sign and return. It
 * says nothing of where the notice stands in our workflow: the letter emailed (Email notices)
 * is the same document as the one downloaded before or after.
 */
export function renderRecallLetter(
  { recall, entry, address }: RecallLetter,
  options: PdfOptions = {},
): Promise<Buffer> {
  const units = entry.lines.reduce((sum, line) => sum + line.qty, 0);
  return renderDocument(
    {
      title: 'PRODUCT RECALL',
      reference: `Recall ${recall.number}: ${entry.pharmacy.name}`,
      party: entry.pharmacy.name,
      facts: [
        { label: 'Recall #', value: recall.number },
        { label: 'Class', value: recall.class, color: recall.class === 'I' ? 'red' : 'orange' },
        { label: 'Initiated', value: formatDate(recall.initiatedOn) },
      ],
      body: [
        parties(shipTo(address)),
        notes(
          'Why this recall',
          `${recall.reason}\n${URGENCY[recall.class]}\nLots recalled: ${recall.lots
            .map((lot) => `${lot.lotNumber} (${lot.sku}, expires ${formatDate(lot.expiryDate)})`)
            .join('; ')}.`,
        ),
        table({
          title: 'Your affected lines',
          caption: `${entry.lines.length} lines  ·  ${units.toLocaleString('en-US')} units`,
          columns: LINE_COLUMNS,
          rows: entry.lines,
          empty: 'No line of your invoices carried these lots.',
        }),
        notes(
          'What to do',
          [
            '1. Stop using and dispensing the products of these lots at once, and set them apart.',
            '2. Count what you still hold, and return it to us or destroy it as we direct.',
            '3. If you passed any on, tell those customers of this recall.',
            `4. Sign below and return this letter (${SUPPLIER.email}) within 10 days, with the quantity returned or destroyed, even if you hold none.`,
          ].join('\n'),
        ),
        closing(
          `Questions about this recall: ${SUPPLIER.email} or ${SUPPLIER.phone}, quoting ${recall.number}. Quantity returned or destroyed: ________`,
          ['Name', 'Signature', 'Date'],
        ),
      ],
    },
    options,
  );
}

/** 'recall-RCL-2026-00001-riverside-pharmacy.pdf': ASCII only, for the header. */
export function recallLetterFilename(recall: RecallRecord, entry: Entry): string {
  const slug = entry.pharmacy.name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `recall-${recall.number}-${slug || entry.pharmacy.id}.pdf`;
}

/** The letter, rendered on a worker thread. */
export const recallLetterPdf = definePdf('recall-letter.pdf', (letter: RecallLetter) =>
  renderRecallLetter(letter),
);
