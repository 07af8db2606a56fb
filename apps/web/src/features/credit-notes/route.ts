// The credit notes' route options: first-load code, so no component and no zod (lists/route.ts).
import { parseId } from '../../lib/params';

/** /credit-notes?q= : the text filter. */
export function creditNotesSearch(search: Record<string, unknown>): { q?: string } {
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, 100) : '';
  return q ? { q } : {};
}

/** /credit-notes/new?invoiceId=&pharmacyId= : the invoice it credits, or the pharmacy. */
export function newCreditNoteSearch(search: Record<string, unknown>): {
  invoiceId?: number;
  pharmacyId?: number;
} {
  const invoiceId = parseId(String(search.invoiceId ?? ''));
  const pharmacyId = parseId(String(search.pharmacyId ?? ''));
  return { ...(invoiceId ? { invoiceId } : {}), ...(pharmacyId ? { pharmacyId } : {}) };
}
