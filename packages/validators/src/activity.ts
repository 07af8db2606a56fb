import { z } from 'zod';
import { entityId, listQuery } from './common.js';

/** The records whose every create, update and delete the activity log keeps. */
export const ACTIVITY_ENTITY_TYPES = [
  'pharmacy',
  'product',
  'order',
  'invoice',
  'payment',
  'settings',
] as const;
export type ActivityEntityType = (typeof ACTIVITY_ENTITY_TYPES)[number];

export const ACTIVITY_ACTIONS = ['create', 'update', 'delete'] as const;
export type ActivityActionName = (typeof ACTIVITY_ACTIONS)[number];

/**
 * The Activity page and a record's history: newest first, keyset on id, by record type, one
 * record (type and id) and who made the change. `q` is not used here.
 */
export const activityListQuery = listQuery.omit({ q: true }).extend({
  entityType: z
    .enum(ACTIVITY_ENTITY_TYPES, {
      error: `Entity type must be one of ${ACTIVITY_ENTITY_TYPES.join(', ')}`,
    })
    .optional(),
  entityId: entityId('Entity id must be a positive integer').optional(),
  userId: z.uuid('User must be a user id').optional(),
});
export type ActivityListQuery = z.output<typeof activityListQuery>;
