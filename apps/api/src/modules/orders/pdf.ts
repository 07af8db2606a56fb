import { formatDate, formatUsd, ORDER_STATUS_PALETTE } from '@pharm/validators';
import type { OrderDetails } from './service.js';
import {
  billTo,
  closing,
  notes,
  parties,
  shipTo,
  table,
  totals,
  type Column,
} from '../../lib/pdf/blocks.js';
import { renderDocument, type PdfOptions } from '../../lib/pdf/document.js';
import { SUPPLIER } from '../../lib/pdf/theme.js';
import { definePdf } from '../../lib/workers/jobs.js';

type Line = OrderDetails['lineItems'][number];

const LINE_COLUMNS: Column<Line>[] = [
  { label: 'Product SKU', width: 78, value: (l) => l.productSku ?? '—' },
  { label: 'Variant', width: 98, value: (l) => l.variantSku ?? '—' },
  { label: 'Description', value: (l) => l.description },
  { label: 'Qty', width: 40, align: 'right', value: (l) => l.qty.toLocaleString('en-US') },
  { label: 'Unit Price', width: 64, align: 'right', value: (l) => formatUsd(l.unitPrice) },
  { label: 'Total', width: 66, align: 'right', value: (l) => formatUsd(l.lineTotal) },
];

/**
 * The order as a US Letter purchase order: supplier header, order facts, bill-to and ship-to,
 * the line items (header row repeated on each page), total, notes and 'Page X of Y'.
 */
export function renderOrderPdf(order: OrderDetails, options: PdfOptions = {}): Promise<Buffer> {
  const { pharmacy } = order;
  return renderDocument(
    {
      title: 'PURCHASE ORDER',
      reference: `Purchase Order ${order.orderNumber}`,
      party: pharmacy.name,
      facts: [
        { label: 'Order #', value: order.orderNumber },
        { label: 'Date', value: formatDate(order.orderDate) },
        {
          label: 'Status',
          value: order.status,
          color: ORDER_STATUS_PALETTE[order.status],
        },
        { label: 'Ship via', value: order.shipMethod ?? 'Not specified' },
      ],
      body: [
        parties(billTo(pharmacy), shipTo(pharmacy)),
        table({
          title: 'Line Items',
          caption: `${order.lineItems.length} lines  ·  ${order.itemCount.toLocaleString('en-US')} items`,
          columns: LINE_COLUMNS,
          rows: order.lineItems,
        }),
        totals([
          { label: 'Subtotal', value: formatUsd(order.subtotal) },
          { label: 'Order Total (USD)', value: formatUsd(order.total), strong: true },
        ]),
        notes('NOTES', order.notes),
        closing(
          `All amounts in US dollars. Please quote ${order.orderNumber} on all correspondence and shipping documents. ` +
            `Questions about this order: ${SUPPLIER.email} or ${SUPPLIER.phone}.`,
          ['Authorized by', 'Date'],
        ),
      ],
    },
    options,
  );
}

/** The order's PDF, rendered on a worker thread. */
export const orderPdf = definePdf('orders.pdf', (order: OrderDetails) => renderOrderPdf(order));
