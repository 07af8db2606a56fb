/**
 * The documents behind the REST download paths (`downloadRoutes` in rest.ts). Each loads its
 * record through its procedure, so the same session check and 404 apply, then renders it.
 */
import type { createCaller } from '../root.js';
import { renderOrderPdf } from './order.js';

type Caller = ReturnType<typeof createCaller>;

/** GET /api/orders/{id}/download */
export async function downloadOrderPdf(caller: Caller, id: number) {
  const order = await caller.orders.get({ id });
  return {
    filename: `order-${order.orderNumber}.pdf`,
    contentType: 'application/pdf',
    body: await renderOrderPdf(order),
  };
}
