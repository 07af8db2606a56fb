import { formatDate, formatPercent, formatUsd, type CreditNoteOutput } from '@pharm/validators';
import {
  billTo,
  closing,
  notes,
  parties,
  table,
  totals,
  type Addressee,
  type Column,
} from '../../lib/pdf/blocks.js';
import { renderDocument, type PdfOptions } from '../../lib/pdf/document.js';
import { SUPPLIER } from '../../lib/pdf/theme.js';
import { definePdf } from '../../lib/workers/jobs.js';

/** What the PDF prints: the credit note and whom it is addressed to. */
export interface CreditNotePdfInput {
  note: CreditNoteOutput;
  addressee: Addressee;
}

type Line = CreditNoteOutput['lines'][number];
type Applied = CreditNoteOutput['allocations'][number];

const LINE_COLUMNS: Column<Line>[] = [
  { label: 'Returned item', value: (l) => l.description },
  { label: 'Qty', width: 50, align: 'right', value: (l) => l.qty.toLocaleString('en-US') },
  { label: 'Unit Price', width: 80, align: 'right', value: (l) => formatUsd(l.unitPrice) },
  { label: 'Total', width: 86, align: 'right', value: (l) => formatUsd(l.lineTotal) },
];

const APPLIED_COLUMNS: Column<Applied>[] = [
  { label: 'Invoice', value: (a) => a.invoiceNumber },
  { label: 'Applied on', width: 100, value: (a) => formatDate(a.createdAt) },
  { label: 'Amount', width: 86, align: 'right', value: (a) => formatUsd(a.amount) },
];

/**
 * The credit note as a US Letter document, laid out like the invoice: its number, date and the
 * invoice it credits; bill-to; the returned lines (or the amount credited); subtotal, tax at the
 * invoice's rate and total; where it has been applied and what is left; the reason.
 */
export function renderCreditNotePdf(
  { note, addressee }: CreditNotePdfInput,
  options: PdfOptions = {},
): Promise<Buffer> {
  const active = note.allocations.filter((a) => a.voidedAt === null);
  return renderDocument(
    {
      title: 'CREDIT NOTE',
      reference: `Credit note ${note.number}`,
      party: note.pharmacy.name,
      facts: [
        { label: 'Credit note #', value: note.number },
        { label: 'Date', value: formatDate(note.date) },
        ...(note.invoice ? [{ label: 'Invoice #', value: note.invoice.invoiceNumber }] : []),
      ],
      body: [
        parties(billTo(addressee)),
        table({
          title: 'Credited',
          columns: LINE_COLUMNS,
          rows: note.lines,
          empty: 'Not itemised: the credit is for the amount below.',
        }),
        totals(
          [
            { label: 'Subtotal', value: formatUsd(note.amount) },
            { label: `Tax (${formatPercent(note.taxRate)})`, value: formatUsd(note.taxAmount) },
            { label: 'Credit Total (USD)', value: formatUsd(note.total), strong: true },
            { label: 'Unapplied (USD)', value: formatUsd(note.unapplied), strong: true },
          ],
          {
            title: 'HOW IT IS USED',
            text: `This credit is applied to open invoices of ${note.pharmacy.name} or refunded. Questions: ${SUPPLIER.accountsEmail}.`,
          },
        ),
        table({
          title: 'Applied to',
          columns: APPLIED_COLUMNS,
          rows: active,
          empty: 'Not applied to an invoice yet.',
        }),
        notes('REASON', note.reason),
        closing(`All amounts in US dollars. ${SUPPLIER.name}, ${SUPPLIER.phone}.`),
      ],
    },
    options,
  );
}

/** The credit note's PDF, rendered on a worker thread. */
export const creditNotePdf = definePdf('creditNotes.pdf', (input: CreditNotePdfInput) =>
  renderCreditNotePdf(input),
);
