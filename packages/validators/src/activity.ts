import { z } from 'zod';
import { entityId, listQuery, pageOf, recordId, timestamp, userId } from './common.js';
import { LOGGED_ENTITY_TYPES } from './entities.js';

export const ACTIVITY_ACTIONS = ['create', 'update', 'delete'] as const;
export type ActivityActionName = (typeof ACTIVITY_ACTIONS)[number];

/**
 * The Activity page and a record's history: newest first, keyset on id, by record type, one
 * record (type and id) and who made the change. `q` is not used here.
 */
export const activityListQuery = listQuery.omit({ q: true }).extend({
  entityType: z
    .enum(LOGGED_ENTITY_TYPES, {
      error: `Entity type must be one of ${LOGGED_ENTITY_TYPES.join(', ')}`,
    })
    .optional(),
  entityId: entityId('Entity id must be a positive integer').optional(),
  userId: z.uuid('User must be a user id').optional(),
});
export type ActivityListQuery = z.output<typeof activityListQuery>;

/**
 * Changes that carry a reason someone gave, by the key of the activity log's `details` that keeps
 * it: the words that introduce it in the history, and the field of that entry holding the reason.
 * A new reason-carrying change logs its entry under a key and adds it here; the history's `note`
 * (`GET /api/activity`, the History tab, the Activity page) then says it.
 */
export const ACTIVITY_REASONS = {
  creditHoldOverride: { label: 'Credit hold overridden', reasonField: 'overrideReason' },
  licenceOverride: { label: 'Licence requirement overridden', reasonField: 'overrideReason' },
  lotStatusChange: { label: 'Lot status changed', reasonField: 'reason' },
} as const satisfies Record<string, { label: string; reasonField: string }>;

/** 'Credit hold overridden: Cheque promised by phone', one for each reason a change's details hold. */
export function activityReasons(details: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(ACTIVITY_REASONS).flatMap(([key, { label, reasonField }]) => {
    const entry = details[key];
    const reason =
      entry && typeof entry === 'object' ? (entry as Record<string, unknown>)[reasonField] : null;
    return typeof reason === 'string' && reason.trim() ? [`${label}: ${reason.trim()}`] : [];
  });
}

/** Who made changes: the activity filters' user picker, and an entry's author. */
export const activityUserOutput = z.object({ id: userId, email: z.string() });
export const activityUsersOutput = z.array(activityUserOutput);

/** An entry of the activity log: one create, update or delete and the fields it changed. */
export const activityEntryOutput = z.object({
  id: recordId,
  entityType: z.enum(LOGGED_ENTITY_TYPES),
  entityId: recordId,
  action: z.enum(ACTIVITY_ACTIONS),
  /** The record as the history names it ('ORD-00012'), also once it is deleted. */
  label: z.string(),
  recordExists: z.boolean(),
  /** Null once the user is gone. */
  user: activityUserOutput.nullable(),
  createdAt: timestamp,
  /** The fields' values before and after, as the log stored them (any JSON value). */
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  note: z.string().nullable(),
});
export const activityPageOutput = pageOf(activityEntryOutput);
