import { z } from 'zod';
import { PAYMENT_TERMS } from './terms.js';
import {
  sortableListQuery,
  sortedPageOf,
  money,
  moneyAmount,
  optionalText,
  recordId,
  requiredText,
  timestamp,
} from './common.js';
import { PHARMACY_SORTS } from './sorts.js';
import { usStateField } from './licences.js';

/** Optional; '' (an unset select) counts as none. */
export const termsField = z
  .preprocess(
    (value) => (value === '' ? null : value),
    z.enum(PAYMENT_TERMS, { error: `Terms must be one of ${PAYMENT_TERMS.join(', ')}` }).nullish(),
  )
  .transform((value) => value ?? null);

export const pharmacySchema = z.object({
  name: requiredText(255, 'Name is required', 'Name'),
  contactName: optionalText(255, 'Contact name'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(255, 'Email must be at most 255 characters')
    .pipe(z.email('Please enter a valid email')),
  /** Where invoices and statements are emailed; none: `email`. */
  billingEmail: z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z
        .string({ error: 'Billing email must be text' })
        .trim()
        .max(255, 'Billing email must be at most 255 characters')
        .pipe(z.email('Please enter a valid billing email'))
        .nullish(),
    )
    .transform((value) => value ?? null),
  phone: optionalText(50, 'Phone'),
  shippingAddress: optionalText(1000, 'Shipping address'),
  billingAddress: optionalText(1000, 'Billing address'),
  /** Not given (or empty): taken from the shipping address's "City, ST 12345" ending. */
  shippingState: usStateField('Shipping state').optional(),
  terms: termsField,
  notes: optionalText(5000, 'Notes'),
  creditLimit: z
    .preprocess(
      (value) => (value === '' ? null : value),
      money('Credit limit is required', [0, 'Credit limit must not be negative']).nullable(),
    )
    .optional()
    .transform((value) => value ?? null),
});

/** The pharmacies list; `hold` keeps only the pharmacies on credit hold. */
export const pharmacyListQuery = sortableListQuery(PHARMACY_SORTS).extend({
  hold: z.boolean().optional(),
});
export type PharmacyListQuery = z.output<typeof pharmacyListQuery>;

/** Why a pharmacy is on credit hold; null when it is not. */
export const creditHoldOutput = z.object({ reason: z.string() }).nullable();
export type CreditHold = z.output<typeof creditHoldOutput>;

export const paymentTermsOutput = z.enum(PAYMENT_TERMS).nullable();

/** A pharmacy with its balance (open invoices) and credit hold; keys in the service's order. */
export const pharmacyOutput = z.object({
  id: recordId,
  name: z.string(),
  contactName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  shippingAddress: z.string().nullable(),
  billingAddress: z.string().nullable(),
  terms: paymentTermsOutput,
  notes: z.string().nullable(),
  balance: moneyAmount,
  createdAt: timestamp,
  updatedAt: timestamp,
  creditLimit: moneyAmount.nullable(),
  shippingState: z.string().nullable(),
  /** Unapplied cash and credits (decisions.md §9): what it owes net is balance − unapplied. */
  unapplied: moneyAmount,
  billingEmail: z.string().nullable(),
  /** No dunning notices while paused (issue 28). */
  dunningPaused: z.boolean(),
  creditHold: creditHoldOutput,
});
export const pharmacyPageOutput = sortedPageOf(pharmacyOutput);

/** The pharmacy pickers of the order, invoice and payment forms. */
export const pharmacyOptionsOutput = z.array(
  z.object({ id: recordId, name: z.string(), creditHold: creditHoldOutput }),
);

export type PharmacyInput = z.input<typeof pharmacySchema>;
export type PharmacyData = z.output<typeof pharmacySchema>;
