import type { Db } from '@pharm/db';
import type { UserListItem, UserUpdateData } from '@pharm/validators';
import { sql } from 'kysely';
import { logUpdate } from '../activity/record.js';
import type { Actor } from '../../lib/authorize.js';
import { inTransaction } from '../../lib/db/transaction.js';
import { conflict, notFound } from '../../lib/domain-error.js';
import { userEntity } from './entity.js';

export const LAST_ADMIN = 'The last active admin cannot be demoted or deactivated';

const listColumns = [
  'id',
  'email',
  'firstName',
  'lastName',
  'role',
  'active',
  'lastSignInAt',
] as const;

export async function listUsers(db: Db): Promise<UserListItem[]> {
  return db.selectFrom('users').select(listColumns).orderBy('email').orderBy('id').execute();
}

/**
 * A new role, deactivation or reactivation. Deactivation ends the user's sessions and API tokens
 * in the same transaction. The last active admin stays one: when the change could take an admin
 * away, every active admin's row is locked first, in id order (so two such changes queue instead
 * of deadlocking), and counted under that lock; a concurrent demotion committed meanwhile has
 * already left the locked set when this one counts.
 */
export function updateUser(
  db: Db,
  id: string,
  data: UserUpdateData,
  actor: Actor,
): Promise<UserListItem> {
  return inTransaction(db, async (trx) => {
    const removesAnAdmin =
      (data.role !== undefined && data.role !== 'admin') || data.active === false;
    const admins = removesAnAdmin
      ? await trx
          .selectFrom('users')
          .select('id')
          .where('role', '=', 'admin')
          .where('active', '=', true)
          .orderBy('id')
          .forUpdate()
          .execute()
      : [];
    const before = await trx
      .selectFrom('users')
      .select([...listColumns, 'number'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('User');
    const wasActiveAdmin = before.role === 'admin' && before.active;
    if (removesAnAdmin && wasActiveAdmin && admins.length <= 1) throw conflict(LAST_ADMIN);

    const after = await trx
      .updateTable('users')
      .set({
        ...(data.role !== undefined ? { role: data.role } : {}),
        ...(data.active !== undefined ? { active: data.active } : {}),
        updatedAt: sql`now()`,
      })
      .where('id', '=', id)
      .returning(listColumns)
      .executeTakeFirstOrThrow();
    if (before.active && !after.active) {
      await trx.deleteFrom('session').where('userId', '=', id).execute();
      await trx
        .updateTable('apiTokens')
        .set({ revokedAt: sql`now()` })
        .where('userId', '=', id)
        .where('revokedAt', 'is', null)
        .execute();
    }
    const logged = (u: UserListItem) => ({ email: u.email, role: u.role, active: u.active });
    await logUpdate(
      trx,
      { entity: userEntity, id: before.number, userId: actor.id },
      logged(before),
      logged(after),
    );
    return after;
  });
}
