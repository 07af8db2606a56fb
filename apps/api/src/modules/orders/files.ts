import type { z } from 'zod';
import { idParam, orderListQuery, todayIso, type SortedListCursor } from '@pharm/validators';
import { csvDownload, defineFiles, fileRoute, type Caller } from '../../lib/http/files.js';
import {
  csvFilename,
  EXPORT_PAGE_SIZE,
  pagedRows,
  type Cell,
  type CsvDownload,
} from '../../lib/csv/csv.js';
import { orderPdf } from './pdf.js';

/** The list's filters that its export takes, from the query string. */
const orderExportQuery = orderListQuery.pick({
  q: true,
  status: true,
  pharmacyId: true,
  from: true,
  to: true,
  sort: true,
  order: true,
});
type OrderExportQuery = z.input<typeof orderExportQuery>;

/** One row per line item, the order's columns repeated on each. */
export async function exportOrders(caller: Caller, filters: OrderExportQuery) {
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
      (cursor: SortedListCursor | null) =>
        caller.orders.list({ ...filters, cursor, limit: EXPORT_PAGE_SIZE }),
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
  fileRoute({
    path: '/api/orders/:id/download',
    permission: 'orders.read',
    summary: "The order's PDF",
    type: 'pdf',
    input: idParam,
    send: async (c, input, heavyWork) => {
      const order = await c.orders.get(input);
      return {
        filename: `order-${order.orderNumber}.pdf`,
        body: await heavyWork.run(orderPdf, order),
      };
    },
  }),
  fileRoute({
    path: '/api/orders.csv',
    permission: 'orders.read',
    summary: 'The orders list as CSV, one row per line item, with its filters',
    type: 'csv',
    input: orderExportQuery,
    send: async (c, input) => csvDownload(await exportOrders(c, input)),
  }),
]);
