import type { ActivityEntityType } from '@pharm/validators';

/*
 * The Activity page's tabs, apart from format.ts: the route's search validation loads with the
 * sign-in screen, which must not pull in the validators' zod schemas (first-load budget).
 */

/** The record types by name, singular and for the Activity page's tabs. */
export const ENTITY_NAMES: Record<ActivityEntityType, { one: string; many: string }> = {
  pharmacy: { one: 'Pharmacy', many: 'Pharmacies' },
  product: { one: 'Product', many: 'Products' },
  order: { one: 'Order', many: 'Orders' },
  invoice: { one: 'Invoice', many: 'Invoices' },
  payment: { one: 'Payment', many: 'Payments' },
  settings: { one: 'Settings', many: 'Settings' },
};

export const ACTIVITY_TABS = [
  { value: 'all', label: 'All' },
  ...(Object.keys(ENTITY_NAMES) as ActivityEntityType[]).map((type) => ({
    value: type,
    label: ENTITY_NAMES[type].many,
  })),
] as const;
