import type { Db } from '@pharm/db';
import { can, type Role } from '@pharm/validators/roles';
import {
  activityReasons,
  type ActivityActionName,
  ACCESS_ENTITY_TYPES,
  type LoggedEntityType,
  type ActivityListQuery,
  type Page,
} from '@pharm/validators';
import { sql } from 'kysely';
import { changesOf, type ActivityDetails, type FieldChange } from './record.js';
import { paginate } from '../../lib/db/paginate.js';

/** One change of a record, as a record's History tab and the Activity page show it. */
export interface ActivityItem {
  id: number;
  entityType: LoggedEntityType;
  entityId: number;
  action: ActivityActionName;
  /** The record's number or name when the change was made. */
  label: string;
  /** False once the record is deleted: its snapshot is then what its delete's `changes` held. */
  recordExists: boolean;
  /** Null for a change without a signed-in user (a command-line import) or a user since removed. */
  user: { id: string; email: string } | null;
  createdAt: string;
  changes: FieldChange[];
  /**
   * Context of the change: the record a delete went with, the feed an import came from, the
   * reason given for it ('Credit hold overridden: …').
   */
  note: string | null;
}

/** Where the change came from, when the log says so. */
function originOf(details: ActivityDetails): string | null {
  const deletedWith = details.deletedWith as { entityType: string; label: string } | undefined;
  if (deletedWith) return `Deleted with ${deletedWith.entityType} ${deletedWith.label}`;
  if (typeof details.provider === 'string') return `Catalogue import from ${details.provider}`;
  if (details.submitted) return 'Recorded before field-by-field history';
  return null;
}

/**
 * What the log keeps besides the record's own fields, said in a few words: where the change came
 * from and the reasons given for it (ACTIVITY_REASONS in @pharm/validators).
 */
function noteOf(details: ActivityDetails): string | null {
  const origin = originOf(details);
  const notes = [...(origin ? [origin] : []), ...activityReasons(details)];
  return notes.length ? notes.join('; ') : null;
}

/**
 * Newest first, keyset on id, by any of record type, record and user. A record's history and a
 * user's changes each have an index that ends in the id (migration 0007); a record type alone
 * walks the primary key newest first, which finds a page quickly unless that type is rare.
 */
export async function listActivity(
  db: Db,
  query: ActivityListQuery,
  role: Role,
): Promise<Page<ActivityItem>> {
  let q = db
    .selectFrom('activityLog as a')
    .leftJoin('users as u', 'u.id', 'a.userId')
    .select([
      'a.id',
      'a.entityType',
      'a.entityId',
      'a.action',
      'a.details',
      'a.createdAt',
      'u.id as userId',
      'u.email as userEmail',
      sql<boolean>`case a.entity_type
        when 'pharmacy' then exists (select 1 from pharmacies r where r.id = a.entity_id)
        when 'product' then exists (select 1 from products r where r.id = a.entity_id)
        when 'order' then exists (select 1 from orders r where r.id = a.entity_id)
        when 'invoice' then exists (select 1 from invoices r where r.id = a.entity_id)
        when 'payment' then exists (select 1 from payments r
                                      where r.id = a.entity_id and r.deleted_at is null)
        when 'creditNote' then exists (select 1 from credit_notes r where r.id = a.entity_id)
        when 'lot' then exists (select 1 from lots r where r.id = a.entity_id)
        when 'recall' then exists (select 1 from recalls r where r.id = a.entity_id)
        when 'user' then exists (select 1 from users r where r.number = a.entity_id)
        else false end`.as('recordExists'),
    ]);
  // Who was invited, promoted or locked out is for those who manage users.
  if (!can(role, 'users.manage')) q = q.where('a.entityType', 'not in', ACCESS_ENTITY_TYPES);
  if (query.entityType) q = q.where('a.entityType', '=', query.entityType);
  if (query.entityId) q = q.where('a.entityId', '=', query.entityId);
  if (query.userId) q = q.where('a.userId', '=', query.userId);
  const page = await paginate(q, query, 'a.id');
  return {
    items: page.items.map((row) => {
      const details = row.details as ActivityDetails;
      const action = row.action as ActivityActionName;
      return {
        id: row.id,
        entityType: row.entityType as LoggedEntityType,
        entityId: row.entityId,
        action,
        label: details.label,
        recordExists: row.recordExists,
        user: row.userId && row.userEmail ? { id: row.userId, email: row.userEmail } : null,
        createdAt: row.createdAt,
        changes: changesOf(action, details),
        note: noteOf(details),
      };
    }),
    nextCursor: page.nextCursor,
  };
}

/** Everyone who has changed something, for the Activity page's user filter. */
export function activityUsers(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where((eb) =>
      eb.exists(
        eb.selectFrom('activityLog as a').select('a.id').whereRef('a.userId', '=', 'users.id'),
      ),
    )
    .orderBy('email')
    .execute();
}
