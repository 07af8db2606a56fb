import type { createCaller } from '../root.js';
import { renderOrderPdf } from './order.js';

/** GET /api/orders/{id}/download: loads through orders.get (same session check), then renders. */
export async function downloadOrderPdf(caller: ReturnType<typeof createCaller>, id: number) {
  const order = await caller.orders.get({ id });
  return {
    filename: `order-${order.orderNumber}.pdf`,
    contentType: 'application/pdf',
    body: await renderOrderPdf(order),
  };
}
