import {
  displayInvoiceStatus,
  formatDate,
  formatPercent,
  formatUsd,
  INVOICE_STATUS_PALETTE,
  sumCents,
  TERMS_LABELS,
  todayIso,
  toCents,
} from '@pharm/validators';
import type { InvoiceDetails } from './service.js';
import {
  billTo,
  closing,
  facts,
  notes,
  parties,
  shipTo,
  table,
  totals,
  type Column,
  type TotalRow,
} from '../../lib/pdf/blocks.js';
import { renderDocument, type PdfOptions } from '../../lib/pdf/document.js';
import { SUPPLIER } from '../../lib/pdf/theme.js';
import { definePdf } from '../../lib/workers/jobs.js';

type Line = InvoiceDetails['lineItems'][number];

const LINE_COLUMNS: Column<Line>[] = [
  { label: 'Description', value: (l) => l.description },
  { label: 'Qty', width: 50, align: 'right', value: (l) => l.qty.toLocaleString('en-US') },
  { label: 'Unit Price', width: 80, align: 'right', value: (l) => formatUsd(l.unitPrice) },
  { label: 'Total', width: 86, align: 'right', value: (l) => formatUsd(l.lineTotal) },
];

/** Each line's lot and its expiry (issue 30); the column is printed only when a line has a lot. */
const LOT_COLUMN: Column<Line> = {
  label: 'Lot / Expiry',
  width: 120,
  value: (l) => (l.lot ? `${l.lot.lotNumber}, exp. ${formatDate(l.lot.expiryDate)}` : '—'),
};

const lineColumns = (lines: readonly Line[]): Column<Line>[] =>
  lines.some((l) => l.lot)
    ? [LINE_COLUMNS[0]!, LOT_COLUMN, ...LINE_COLUMNS.slice(1)]
    : LINE_COLUMNS;

export interface InvoicePdfOptions extends PdfOptions {
  /** 'YYYY-MM-DD' the Overdue status is judged on; today by default. */
  today?: string;
}

/**
 * The amounts an accountant checks, top to bottom. When the invoiced amount differs from its
 * lines (an order invoiced for less, say), the difference is printed as an adjustment so that
 * the column adds up.
 */
function totalRows(invoice: InvoiceDetails): TotalRow[] {
  const rows: TotalRow[] = [];
  if (invoice.lineItems.length) {
    const lines = sumCents(invoice.lineItems.map((l) => toCents(l.lineTotal)));
    const adjustment = toCents(invoice.amount) - lines;
    if (adjustment !== 0) {
      rows.push({ label: 'Items total', value: formatUsd(lines) });
      rows.push({ label: 'Adjustment', value: formatUsd(adjustment) });
    }
  }
  rows.push(
    { label: 'Subtotal', value: formatUsd(invoice.subtotal) },
    { label: `Tax (${formatPercent(invoice.taxRate)})`, value: formatUsd(invoice.taxAmount) },
    { label: 'Shipping', value: formatUsd(invoice.shipping) },
    { label: 'Invoice Total (USD)', value: formatUsd(invoice.total), strong: true },
    { label: 'Amount paid', value: formatUsd(invoice.amountPaid) },
    { label: 'Balance Due (USD)', value: formatUsd(invoice.balance), strong: true },
  );
  return rows;
}

function paymentInstructions(invoice: InvoiceDetails): string {
  if (toCents(invoice.balance) === 0) {
    return `Paid in full. Thank you. No payment is due on invoice ${invoice.invoiceNumber}.`;
  }
  return [
    `Please pay ${formatUsd(invoice.balance)} by ${formatDate(invoice.dueDate)}, quoting ${invoice.invoiceNumber}.`,
    '',
    `ACH or wire: bank details from ${SUPPLIER.accountsEmail}. They are never changed by email; confirm any change by phone.`,
    '',
    `Check: payable to ${SUPPLIER.name}, ${SUPPLIER.address.join(', ')}.`,
    '',
    `Card: call ${SUPPLIER.phone}, weekdays 8 am to 5 pm Eastern.`,
  ].join('\n');
}

/**
 * The invoice as a US Letter document: supplier header with the invoice's number, dates, terms
 * and status; bill-to and ship-to; product information (lot, tray, nest, case size); the line
 * items; subtotal, tax with its rate, shipping, total, paid and balance due; notes; how to pay.
 */
export function renderInvoicePdf(
  invoice: InvoiceDetails,
  { today = todayIso(), ...options }: InvoicePdfOptions = {},
): Promise<Buffer> {
  const { pharmacy } = invoice;
  const status = displayInvoiceStatus(invoice, today);
  const product = [
    { label: 'Lot number', value: invoice.lotNumber },
    { label: 'Tray size', value: invoice.traySize },
    { label: 'Nest size', value: invoice.nestSize },
    { label: 'Case size', value: invoice.caseSize },
  ];
  const hasProduct = product.some((item) => item.value);
  return renderDocument(
    {
      title: 'INVOICE',
      reference: `Invoice ${invoice.invoiceNumber}`,
      party: pharmacy.name,
      facts: [
        { label: 'Invoice #', value: invoice.invoiceNumber },
        { label: 'Invoice date', value: formatDate(invoice.invoiceDate) },
        { label: 'Due date', value: formatDate(invoice.dueDate) },
        { label: 'Terms', value: invoice.terms ? TERMS_LABELS[invoice.terms] : 'Not specified' },
        ...(invoice.fromOrderNumber ? [{ label: 'Order #', value: invoice.fromOrderNumber }] : []),
        { label: 'Status', value: status, color: INVOICE_STATUS_PALETTE[status] },
      ],
      body: [
        parties(billTo(pharmacy), shipTo(pharmacy)),
        facts(hasProduct ? product.map((item) => ({ ...item, value: item.value ?? '—' })) : [], {
          title: 'PRODUCT INFORMATION',
          empty: 'No product information available',
        }),
        table({
          title: 'Line Items',
          caption: invoice.lineItems.length
            ? `${invoice.lineItems.length} ${invoice.lineItems.length === 1 ? 'line' : 'lines'}`
            : undefined,
          columns: lineColumns(invoice.lineItems),
          rows: invoice.lineItems,
          empty: 'Not itemised: the invoice is for the amount below.',
        }),
        totals(totalRows(invoice), {
          title: 'PAYMENT INSTRUCTIONS',
          text: paymentInstructions(invoice),
        }),
        notes('NOTES', invoice.notes),
        closing(
          `All amounts in US dollars. Questions about this invoice: ${SUPPLIER.accountsEmail} or ${SUPPLIER.phone}.`,
        ),
      ],
    },
    options,
  );
}

/** The invoice's PDF, rendered on a worker thread. */
export const invoicePdf = definePdf('invoices.pdf', (invoice: InvoiceDetails) =>
  renderInvoicePdf(invoice),
);
