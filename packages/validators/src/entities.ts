// Plain constants, no zod (also exported as @pharm/validators/entities): the web app's Activity
// route reads them to check its `tab` search param, and route options are part of its first load.

/** The records whose every create, update and delete the activity log keeps. */
export const ACTIVITY_ENTITY_TYPES = [
  'pharmacy',
  'product',
  'order',
  'invoice',
  'payment',
  'settings',
  'licence',
] as const;
export type ActivityEntityType = (typeof ACTIVITY_ENTITY_TYPES)[number];
