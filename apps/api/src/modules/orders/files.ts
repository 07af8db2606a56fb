import { todayIso } from '@pharm/validators';
import { csvDownload, defineFiles, pathId, type Caller } from '../../lib/http/files.js';
import { csvFilename, EXPORT_PAGE_SIZE, pagedRows } from '../../lib/csv/csv.js';
import type { Cell, CsvDownload, Filters } from '../../lib/csv/csv.js';
import { orderPdf } from './pdf.js';

/** One row per line item, the order's columns repeated on each. */
export async function exportOrders(caller: Caller, filters: Filters<'q' | 'status'>) {
  return {
    filename: csvFilename('orders', todayIso()),
    columns: [
      'order_number',
      'order_date',
      'status',
      'pharmacy',
      'ship_method',
      'order_total',
      'line',
      'product_sku',
      'variant_sku',
      'description',
      'qty',
      'unit_price',
      'line_total',
    ],
    rows: await pagedRows(
      (cursor) => caller.orders.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE } as never),
      (order) => {
        const head: Cell[] = [
          order.orderNumber,
          order.orderDate,
          order.status,
          order.pharmacy.name,
          order.shipMethod,
          order.total,
        ];
        if (!order.lineItems.length) return [head];
        return order.lineItems.map((line) => [
          ...head,
          line.position,
          line.productSku,
          line.variantSku,
          line.description,
          line.qty,
          line.unitPrice,
          line.lineTotal,
        ]);
      },
    ),
  } satisfies CsvDownload;
}

export const orderFiles = defineFiles([
  {
    path: '/api/orders/:id/download',
    summary: "The order's PDF",
    type: 'pdf',
    send: async (c, r, heavyWork) => {
      const order = await c.orders.get({ id: pathId(r) });
      return {
        filename: `order-${order.orderNumber}.pdf`,
        body: await heavyWork.run(orderPdf, order),
      };
    },
  },
  {
    path: '/api/orders.csv',
    summary: 'The orders list as CSV, one row per line item, with its filters',
    type: 'csv',
    send: async (c, r) =>
      csvDownload(await exportOrders(c, { q: r.query.q, status: r.query.status })),
  },
]);
