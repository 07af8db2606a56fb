// Plain constants, no zod (also exported as @pharm/validators/entities): the web app's Activity
// route reads them to check its `tab` search param, and route options are part of its first load.

/** The records whose every create, update and delete the activity log keeps. */
export const ACTIVITY_ENTITY_TYPES = [
  'pharmacy',
  'product',
  'order',
  'invoice',
  'payment',
  'creditNote',
  'settings',
  'licence',
  'lot',
  'recall',
] as const;
export type ActivityEntityType = (typeof ACTIVITY_ENTITY_TYPES)[number];

/**
 * Who may do what (issue 26): role changes, deactivations, invitations and API tokens, kept in
 * the activity log beside the records' changes, and shown only to those who manage users.
 */
export const ACCESS_ENTITY_TYPES = ['user', 'invitation', 'apiToken'] as const;
export type AccessEntityType = (typeof ACCESS_ENTITY_TYPES)[number];

/** Every type of the activity log's entries. */
export const LOGGED_ENTITY_TYPES = [...ACTIVITY_ENTITY_TYPES, ...ACCESS_ENTITY_TYPES] as const;
export type LoggedEntityType = (typeof LOGGED_ENTITY_TYPES)[number];
