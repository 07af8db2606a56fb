import type { RouterOutputs } from '../../lib/trpc';

export type PaymentListItem = RouterOutputs['payments']['list']['items'][number];
export type PaymentInvoiceOption = RouterOutputs['payments']['invoiceOptions'][number];

/**
 * A fresh Idempotency-Key. crypto.randomUUID exists only on secure origins (HTTPS, localhost);
 * getRandomValues everywhere, so an app served over plain HTTP on a LAN still gets one.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
