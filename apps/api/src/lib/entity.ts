import type { Database } from '@pharm/db';
import type { LoggedEntityType } from '@pharm/validators';

/**
 * What the central mechanisms need to know of one kind of record. Each module declares its own
 * (modules/<entity>/entity.ts), and the mechanisms read it from there: lockOrThrow (lib/db/
 * transaction.ts) its label and lock rank, nextDocumentNumber its number prefix, the activity log
 * its type and the field that names a record.
 */
export interface Entity<T extends keyof Database = keyof Database> {
  table: T;
  /** What one record is called where a message names it ('Order not found'). */
  label: string;
  /**
   * Place in the locking order of docs/rules.md §3 (pharmacy → licence → product → order →
   * invoice → lot → payment → document counter): a transaction locks lower ranks before higher ones.
   */
  lockRank?: number;
  /** The prefix of the record's document numbers ('ORD' in ORD-2026-00001). */
  numberPrefix?: string;
  /** The activity log's type for the record, and what names a record there once it is gone. */
  activity?: { type: LoggedEntityType; label: (snapshot: Record<string, unknown>) => unknown };
  /** A delete marks the row (`deleted_at`) and keeps it; lockOrThrow answers 404 for it then. */
  softDeleted?: true;
}

export const defineEntity = <T extends keyof Database>(entity: Entity<T>): Entity<T> => entity;
