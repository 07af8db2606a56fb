import { renderInvoicePdf } from '../../modules/invoices/pdf.js';
import { renderOrderPdf } from '../../modules/orders/pdf.js';
import { renderRecallPdf } from '../../modules/recall/pdf.js';
import { renderStatementPdf } from '../../modules/statements/pdf.js';

/**
 * A document to render and the records it shows, as plain data: it is copied to a worker thread
 * (worker-pool.ts), so it holds no functions, class instances or connections.
 */
export type PdfJob =
  | { kind: 'order'; order: Parameters<typeof renderOrderPdf>[0] }
  | { kind: 'invoice'; invoice: Parameters<typeof renderInvoicePdf>[0] }
  | {
      kind: 'statement';
      statement: Parameters<typeof renderStatementPdf>[0];
      billTo: Parameters<typeof renderStatementPdf>[1];
    }
  | { kind: 'recall'; lot: string; entries: Parameters<typeof renderRecallPdf>[1] };

export function renderPdf(job: PdfJob): Promise<Buffer> {
  switch (job.kind) {
    case 'order':
      return renderOrderPdf(job.order);
    case 'invoice':
      return renderInvoicePdf(job.invoice);
    case 'statement':
      return renderStatementPdf(job.statement, job.billTo);
    case 'recall':
      return renderRecallPdf(job.lot, job.entries);
  }
}
