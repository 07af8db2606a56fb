// Plain constants, no zod: the web's pharmacies list shows the terms on its first load.

export const PAYMENT_TERMS = ['Net 15', 'Net 30', 'Net 60', 'Due on Receipt', 'COD'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
export const DEFAULT_TERMS: PaymentTerms = 'Net 30';

/** What the terms selectors show; COD reads 'Cash on Delivery'. */
export const TERMS_LABELS: Record<PaymentTerms, string> = {
  'Net 15': 'Net 15',
  'Net 30': 'Net 30',
  'Net 60': 'Net 60',
  'Due on Receipt': 'Due on Receipt',
  COD: 'Cash on Delivery',
};
