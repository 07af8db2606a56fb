import type { Db } from '@pharm/db';
import type { Settings, SettingsInput } from '@pharm/validators';
import type { Permission } from '@pharm/validators/roles';
import { logUpdate } from '../activity/record.js';
import { authorize, type Actor } from '../../lib/authorize.js';
import { inTransaction } from '../../lib/db/transaction.js';
import { settingsEntity } from './entity.js';

const SETTINGS_COLUMNS = [
  'holdDaysPastDue',
  'requireLicences',
  'licenceWarningDays',
  'autoApplyOnIssue',
] as const;

/** The business's settings; migration 0006 inserts their one row. */
export async function getSettings(db: Db): Promise<Settings> {
  return db.selectFrom('businessSettings').select(SETTINGS_COLUMNS).executeTakeFirstOrThrow();
}

/**
 * What changing each setting needs: the credit-hold ones `settings.creditHold` (an accountant's),
 * any other `settings.write` (an admin's). A setting left out or sent as it is changes nothing and
 * needs nothing beyond the procedure's own permission.
 */
export const SETTING_PERMISSIONS = {
  holdDaysPastDue: 'settings.creditHold',
  requireLicences: 'settings.write',
  licenceWarningDays: 'settings.write',
  autoApplyOnIssue: 'settings.write',
} as const satisfies Record<keyof Settings, Permission>;

/** The settings given change; those left out keep their values. */
export function updateSettings(db: Db, data: SettingsInput, actor: Actor): Promise<Settings> {
  const userId = actor.id;
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('businessSettings')
      .select(SETTINGS_COLUMNS)
      .forUpdate()
      .executeTakeFirstOrThrow();
    for (const key of Object.keys(SETTING_PERMISSIONS) as (keyof Settings)[]) {
      if (data[key] !== undefined && before[key] !== data[key]) {
        authorize(actor.role, SETTING_PERMISSIONS[key]);
      }
    }
    const after = await trx
      .updateTable('businessSettings')
      .set({
        holdDaysPastDue: data.holdDaysPastDue,
        requireLicences: data.requireLicences ?? before.requireLicences,
        licenceWarningDays: data.licenceWarningDays ?? before.licenceWarningDays,
        autoApplyOnIssue: data.autoApplyOnIssue ?? before.autoApplyOnIssue,
      })
      .returning(SETTINGS_COLUMNS)
      .executeTakeFirstOrThrow();
    await logUpdate(trx, { entity: settingsEntity, id: 1, userId }, before, after);
    return after;
  });
}
