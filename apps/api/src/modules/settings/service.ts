import type { Db } from '@pharm/db';
import type { Settings } from '@pharm/validators';
import type { Permission } from '@pharm/validators/roles';
import { logUpdate } from '../activity/record.js';
import { authorize, type Actor } from '../../lib/authorize.js';
import { inTransaction } from '../../lib/db/transaction.js';
import { settingsEntity } from './entity.js';

/** The business's settings; migration 0006 inserts their one row. */
export async function getSettings(db: Db): Promise<Settings> {
  return db.selectFrom('businessSettings').select('holdDaysPastDue').executeTakeFirstOrThrow();
}

/**
 * What changing each setting needs: the credit-hold ones `settings.creditHold` (an accountant's),
 * any other `settings.write` (an admin's). A setting sent as it is changes nothing and needs
 * nothing beyond the procedure's own permission.
 */
export const SETTING_PERMISSIONS = {
  holdDaysPastDue: 'settings.creditHold',
} as const satisfies Record<keyof Settings, Permission>;

export function updateSettings(db: Db, data: Settings, actor: Actor): Promise<Settings> {
  const userId = actor.id;
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('businessSettings')
      .select('holdDaysPastDue')
      .forUpdate()
      .executeTakeFirstOrThrow();
    for (const key of Object.keys(SETTING_PERMISSIONS) as (keyof Settings)[]) {
      if (before[key] !== data[key]) authorize(actor.role, SETTING_PERMISSIONS[key]);
    }
    const after = await trx
      .updateTable('businessSettings')
      .set({ holdDaysPastDue: data.holdDaysPastDue })
      .returning('holdDaysPastDue')
      .executeTakeFirstOrThrow();
    await logUpdate(trx, { entity: settingsEntity, id: 1, userId }, before, after);
    return after;
  });
}
