import type { Db } from '@pharm/db';

export type EntityType = 'pharmacy' | 'product' | 'order' | 'invoice' | 'payment';
export type ActivityAction = 'create' | 'update' | 'delete' | 'status' | 'import';

/** Writes the activity_log row of a change; call it inside the change's transaction. */
export async function logActivity(
  trx: Db,
  entry: {
    entityType: EntityType;
    entityId: number;
    action: ActivityAction;
    details?: Record<string, unknown>;
    userId: string | null;
  },
): Promise<void> {
  await trx
    .insertInto('activityLog')
    .values({
      entityType: entry.entityType,
      entityId: entry.entityId,
      action: entry.action,
      details: JSON.stringify(entry.details ?? {}),
      userId: entry.userId,
    })
    .execute();
}
