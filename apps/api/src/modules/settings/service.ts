import type { Db } from '@pharm/db';
import type { Settings, SettingsInput } from '@pharm/validators';
import { logUpdate } from '../activity/record.js';
import { inTransaction } from '../../lib/db/transaction.js';
import { settingsEntity } from './entity.js';

const SETTINGS_COLUMNS = ['holdDaysPastDue', 'requireLicences', 'licenceWarningDays'] as const;

/** The business's settings; migration 0006 inserts their one row. */
export async function getSettings(db: Db): Promise<Settings> {
  return db.selectFrom('businessSettings').select(SETTINGS_COLUMNS).executeTakeFirstOrThrow();
}

/** The settings given change; those left out keep their values. */
export function updateSettings(db: Db, data: SettingsInput, userId: string): Promise<Settings> {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('businessSettings')
      .select(SETTINGS_COLUMNS)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const after = await trx
      .updateTable('businessSettings')
      .set({
        holdDaysPastDue: data.holdDaysPastDue,
        requireLicences: data.requireLicences ?? before.requireLicences,
        licenceWarningDays: data.licenceWarningDays ?? before.licenceWarningDays,
      })
      .returning(SETTINGS_COLUMNS)
      .executeTakeFirstOrThrow();
    await logUpdate(trx, { entity: settingsEntity, id: 1, userId }, before, after);
    return after;
  });
}
