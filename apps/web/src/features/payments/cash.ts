import { parseScaled } from '@pharm/validators';
import { trpc } from '../../lib/trpc';

/** A payment or credit note whose unapplied rest may be applied or refunded. */
export interface CashSource {
  pharmacyId: number;
  paymentId?: number;
  creditNoteId?: number;
  /** PAY-… or CRN-…. */
  number: string;
  unapplied: string;
}

/** Cents typed in an amount box; 0 for an empty box, null for what is not an amount. */
export function typedCents(value: string): number | null {
  if (value.trim() === '') return 0;
  const cents = parseScaled(value.trim(), 2);
  return cents === null || cents < 0 ? null : cents;
}

/**
 * After an allocation, a void, a refund or a credit note: every balance they move (invoices,
 * payments, credit notes, the pharmacy's, statements and the dashboard) is fetched again.
 */
export function useCashRefresh(): () => Promise<void> {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([
      utils.payments.invalidate(),
      utils.invoices.invalidate(),
      utils.pharmacies.invalidate(),
      utils.creditNotes.invalidate(),
      utils.allocations.invalidate(),
      utils.refunds.invalidate(),
      utils.statements.invalidate(),
      utils.dashboard.invalidate(),
      utils.activity.invalidate(),
    ]);
  };
}
