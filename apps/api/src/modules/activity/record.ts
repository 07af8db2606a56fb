import type { Db } from '@pharm/db';
import type { LoggedEntityType } from '@pharm/validators';
import type { Entity } from '../../lib/entity.js';
export type ActivityAction = 'create' | 'update' | 'delete';

/** One field of a record before and after a change (null where it did not exist). */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * A record as the log keeps it: its own fields as the API shows them (money as strings, dates as
 * 'YYYY-MM-DD'), other records named by number or name rather than id, and its parts (line
 * items, variants) as arrays.
 */
export type Snapshot = Record<string, unknown>;

/**
 * The `details` every activity_log row holds: the record's label, field-by-field `changes` of an
 * update, the `snapshot` a create made or a delete removed, and any context the change had
 * (`extra`: what a delete cascaded to, the invoice status a payment moved, the import provider).
 */
export interface ActivityDetails {
  label: string;
  changes?: FieldChange[];
  snapshot?: Snapshot;
  [extra: string]: unknown;
}

export interface ActivityEntry {
  entityType: LoggedEntityType;
  entityId: number;
  action: ActivityAction;
  details: ActivityDetails;
  userId: string | null;
}

/** The record a change is logged for, and who made it (null for a system import). */
export interface Subject {
  entity: Entity;
  id: number;
  userId: string | null;
}

/** Never part of a diff: the id does not change and the timestamps change with every write. */
const NOT_COMPARED = new Set(['id', 'createdAt', 'updatedAt']);

/** JSON with object keys sorted, so that equal data built in another key order compares equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Snapshots are plain data; arrays of parts (line items, variants) compare as a whole. */
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The fields that differ between two snapshots of one record, in the order the record lists them. */
export function diffSnapshots(before: Snapshot, after: Snapshot): FieldChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => !NOT_COMPARED.has(field) && !same(before[field], after[field]))
    .map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }));
}

/** Dates become ISO strings and undefined fields go, as the jsonb column would store them. */
const plain = (snapshot: Snapshot): Snapshot => JSON.parse(JSON.stringify(snapshot)) as Snapshot;

/** The activity log's type of a record and what names it there, also once it is deleted. */
function logged(subject: Subject, snapshot: Snapshot) {
  const { activity } = subject.entity;
  if (!activity) throw new Error(`${subject.entity.label} changes are not logged`);
  return { entityType: activity.type, label: String(activity.label(snapshot)) };
}

/** Logs a created record with what it was created as; call it inside the creating transaction. */
export function logCreate(
  trx: Db,
  entity: Subject,
  after: Snapshot,
  extra: Record<string, unknown> = {},
): Promise<void> {
  return logActivities(trx, [createEntry(entity, after, extra)]);
}

export function createEntry(
  entity: Subject,
  after: Snapshot,
  extra: Record<string, unknown> = {},
): ActivityEntry {
  const snapshot = plain(after);
  const { entityType, label } = logged(entity, snapshot);
  return {
    entityType,
    entityId: entity.id,
    action: 'create',
    details: { ...extra, label, snapshot },
    userId: entity.userId,
  };
}

/**
 * Logs an update as the field-by-field difference between the record before and after it;
 * call it inside the updating transaction, after the write.
 */
export function logUpdate(
  trx: Db,
  entity: Subject,
  before: Snapshot,
  after: Snapshot,
  extra: Record<string, unknown> = {},
): Promise<void> {
  return logActivities(trx, [updateEntry(entity, before, after, extra)]);
}

export function updateEntry(
  entity: Subject,
  before: Snapshot,
  after: Snapshot,
  extra: Record<string, unknown> = {},
): ActivityEntry {
  const next = plain(after);
  const { entityType, label } = logged(entity, next);
  return {
    entityType,
    entityId: entity.id,
    action: 'update',
    details: {
      ...extra,
      label,
      changes: diffSnapshots(plain(before), next),
    },
    userId: entity.userId,
  };
}

/**
 * Logs a deleted record with everything it was, so it stays findable; call it inside the
 * deleting transaction. `extra.cascade` keeps the rows that went with it.
 */
export function logDelete(
  trx: Db,
  entity: Subject,
  before: Snapshot,
  extra: Record<string, unknown> = {},
): Promise<void> {
  return logActivities(trx, [deleteEntry(entity, before, extra)]);
}

export function deleteEntry(
  entity: Subject,
  before: Snapshot,
  extra: Record<string, unknown> = {},
): ActivityEntry {
  const snapshot = plain(before);
  const { entityType, label } = logged(entity, snapshot);
  return {
    entityType,
    entityId: entity.id,
    action: 'delete',
    details: { ...extra, label, snapshot },
    userId: entity.userId,
  };
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
          details: JSON.stringify(entry.details),
          userId: entry.userId,
        })),
      )
      .execute();
  }
}

/**
 * The field-by-field changes of a logged change: an update's own, and for a create or a delete
 * every field of its snapshot, from nothing or to nothing. The invoice status a payment moved is
 * one more change.
 */
export function changesOf(action: ActivityAction, details: ActivityDetails): FieldChange[] {
  const own =
    action === 'update'
      ? (details.changes ?? [])
      : Object.entries(details.snapshot ?? {})
          .filter(([field]) => !NOT_COMPARED.has(field))
          .map(([field, value]) =>
            action === 'create'
              ? { field, from: null, to: value }
              : { field, from: value, to: null },
          );
  return details.invoiceStatusTo === undefined
    ? own
    : [
        ...own,
        { field: 'invoiceStatus', from: details.invoiceStatusFrom, to: details.invoiceStatusTo },
      ];
}
