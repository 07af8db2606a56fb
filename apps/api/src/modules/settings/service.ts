import type { Db } from '@pharm/db';
import type { Settings, SettingsInput } from '@pharm/validators';
import type { Role } from '@pharm/validators/roles';
import { logUpdate } from '../activity/record.js';
import { authorize } from '../../lib/authorize.js';
import { inTransaction } from '../../lib/db/transaction.js';
import { settingsEntity } from './entity.js';

const SETTINGS_COLUMNS = ['holdDaysPastDue', 'requireLicences', 'licenceWarningDays'] as const;

/** The business's settings; migration 0006 inserts their one row. */
export async function getSettings(db: Db): Promise<Settings> {
  return db.selectFrom('businessSettings').select(SETTINGS_COLUMNS).executeTakeFirstOrThrow();
}

/** The settings given change; those left out keep their values. */
export function updateSettings(
  db: Db,
  data: SettingsInput,
  userId: string,
  role: Role,
): Promise<Settings> {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('businessSettings')
      .select(SETTINGS_COLUMNS)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // The procedure needs `settings.creditHold`; turning the licence gate or its warning
    // period needs `settings.write` (admin) as well.
    const licencesChanged =
      (data.requireLicences !== undefined && data.requireLicences !== before.requireLicences) ||
      (data.licenceWarningDays !== undefined &&
        data.licenceWarningDays !== before.licenceWarningDays);
    if (licencesChanged) authorize(role, 'settings.write');
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
