/**
 * The documents behind the REST download paths (`downloadRoutes` in rest.ts). Each loads its
 * record through its procedure, so the same session check and 404 apply, then has it rendered
 * off the event loop (worker-pool.ts).
 */
import type { createCaller } from '../../root.js';
import type { HeavyWork } from '../workers/pool.js';
import { lotSlug } from '../csv/lists.js';
import { statementFilename } from '../../modules/statements/pdf.js';

type Caller = ReturnType<typeof createCaller>;

/** GET /api/orders/{id}/download */
export async function downloadOrderPdf(caller: Caller, heavyWork: HeavyWork, id: number) {
  const order = await caller.orders.get({ id });
  return {
    filename: `order-${order.orderNumber}.pdf`,
    contentType: 'application/pdf',
    body: await heavyWork.renderPdf({ kind: 'order', order }),
  };
}

/** GET /api/invoices/{id}/download */
export async function downloadInvoicePdf(caller: Caller, heavyWork: HeavyWork, id: number) {
  const invoice = await caller.invoices.get({ id });
  return {
    filename: `invoice-${invoice.invoiceNumber}.pdf`,
    contentType: 'application/pdf',
    body: await heavyWork.renderPdf({ kind: 'invoice', invoice }),
  };
}

/** GET /api/recall.pdf?lot= */
export async function downloadRecallPdf(caller: Caller, heavyWork: HeavyWork, lot: unknown) {
  const entries = await caller.recall.find({ lot } as never);
  const text = typeof lot === 'string' ? lot.trim() : '';
  return {
    filename: `recall-${lotSlug(text)}.pdf`,
    contentType: 'application/pdf',
    body: await heavyWork.renderPdf({ kind: 'recall', lot: text, entries }),
  };
}

/** GET /api/pharmacies/{id}/statement.pdf?from=&to= */
export async function downloadStatementPdf(
  caller: Caller,
  heavyWork: HeavyWork,
  id: number,
  from: string | undefined,
  to: string | undefined,
) {
  const statement = await caller.pharmacies.statement({ id, from, to });
  const pharmacy = await caller.pharmacies.get({ id });
  return {
    filename: statementFilename(statement),
    contentType: 'application/pdf',
    body: await heavyWork.renderPdf({ kind: 'statement', statement, billTo: pharmacy }),
  };
}
