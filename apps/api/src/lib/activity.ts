import type { Db } from '@pharm/db';

export type EntityType = 'pharmacy' | 'product' | 'order' | 'invoice' | 'payment' | 'settings';
export type ActivityAction = 'create' | 'update' | 'delete' | 'status' | 'import';

export interface ActivityEntry {
  entityType: EntityType;
  entityId: number;
  action: ActivityAction;
  details?: Record<string, unknown>;
  userId: string | null;
}

/** Writes the activity_log row of a change; call it inside the change's transaction. */
export async function logActivity(trx: Db, entry: ActivityEntry): Promise<void> {
  await logActivities(trx, [entry]);
}

/** Rows per INSERT when a bulk change (a catalogue import) logs one row per record. */
const CHUNK = 1000;

/** The activity_log rows of a bulk change, in a few statements instead of one per row. */
export async function logActivities(trx: Db, entries: readonly ActivityEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += CHUNK) {
    await trx
      .insertInto('activityLog')
      .values(
        entries.slice(i, i + CHUNK).map((entry) => ({
          entityType: entry.entityType,
          entityId: entry.entityId,
          action: entry.action,
          details: JSON.stringify(entry.details ?? {}),
          userId: entry.userId,
        })),
      )
      .execute();
  }
}
