import { PAYMENT_TERMS, TERMS_LABELS, type PharmacyInput } from '@pharm/validators';
import { EMPTY } from '../../lib/text';

/** Addresses in the pharmacy list are cut at 50 characters (spec §9). */
export const ADDRESS_PREVIEW_LENGTH = 50;

/** 'Cash on Delivery' for COD; the terms themselves otherwise. */
export function termsLabel(terms: string | null | undefined): string {
  if (!terms) return EMPTY;
  return (TERMS_LABELS as Record<string, string>)[terms] ?? terms;
}

/** A stored terms value as the form's select value ('' when unset or unknown). */
export function termsValue(terms: string | null | undefined): PharmacyInput['terms'] {
  return PAYMENT_TERMS.find((option) => option === terms) ?? '';
}
