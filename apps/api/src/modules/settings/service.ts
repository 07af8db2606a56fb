import type { Db } from '@pharm/db';
import type { Settings } from '@pharm/validators';
import { logUpdate } from '../activity/record.js';
import { inTransaction } from '../../lib/db/transaction.js';
import { settingsEntity } from './entity.js';

/** The business's settings; migration 0006 inserts their one row. */
export async function getSettings(db: Db): Promise<Settings> {
  return db.selectFrom('businessSettings').select('holdDaysPastDue').executeTakeFirstOrThrow();
}

export function updateSettings(db: Db, data: Settings, userId: string): Promise<Settings> {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('businessSettings')
      .select('holdDaysPastDue')
      .forUpdate()
      .executeTakeFirstOrThrow();
    const after = await trx
      .updateTable('businessSettings')
      .set({ holdDaysPastDue: data.holdDaysPastDue })
      .returning('holdDaysPastDue')
      .executeTakeFirstOrThrow();
    await logUpdate(trx, { entity: settingsEntity, id: 1, userId }, before, after);
    return after;
  });
}
