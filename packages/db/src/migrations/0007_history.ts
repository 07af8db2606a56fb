import { sql, type Kysely } from 'kysely';

/**
 * The history of every record (issue 11): a record's history and the Activity page read
 * activity_log newest first by entity or by user, keyset on id, so both get an index that ends in
 * the id. Rows written before the log took one shape (apps/api/src/modules/activity/record.ts: `label`,
 * field-by-field `changes` of an update, the `snapshot` of a create or delete) are brought into
 * it: status changes become updates of `status`, imports creates or updates, snapshots move under
 * `snapshot`. An old update kept only what was sent, not what it replaced, so it gets no changes
 * and keeps what was sent as `submitted`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index activity_log_entity_idx`.execute(db);
  await sql`create index activity_log_entity_idx on activity_log (entity_type, entity_id, id)`.execute(
    db,
  );
  await sql`create index activity_log_user_idx on activity_log (user_id, id)`.execute(db);
  await convertOlderRows(db);
}

/** Brings rows written before the log took one shape into it; rows already in it are left. */
export async function convertOlderRows(db: Kysely<unknown>): Promise<void> {
  await sql`
    update activity_log set
      action = 'update',
      details = jsonb_build_object(
        'label', coalesce(details->>'orderNumber', details->>'invoiceNumber', ''),
        'changes', jsonb_build_array(
          jsonb_build_object('field', 'status', 'from', details->'from', 'to', details->'to')))
    where action = 'status'`.execute(db);
  await sql`
    update activity_log set
      action = case when details->>'product' = 'created' then 'create' else 'update' end,
      details = jsonb_build_object(
        'label', coalesce(details->>'sku', ''), 'provider', details->'provider', 'changes', '[]'::jsonb)
    where action = 'import'`.execute(db);
  await sql`
    update activity_log set details = jsonb_build_object(
      'label', coalesce(
        details->>'orderNumber', details->>'invoiceNumber', details->>'paymentNumber',
        details->'product'->>'sku', details->>'name', ''),
      'snapshot', coalesce(details->'product', details))
    where action = 'create' and not details ? 'label'`.execute(db);
  await sql`
    update activity_log set details = jsonb_build_object(
      'label', coalesce(
        details->>'orderNumber', details->>'invoiceNumber', details->>'paymentNumber', ''),
      'changes', '[]'::jsonb,
      'submitted', details->'changes')
    where action = 'update' and not details ? 'label'`.execute(db);
  await sql`
    update activity_log set details = jsonb_build_object(
      'label', coalesce(
        details->'order'->>'orderNumber', details->'invoice'->>'invoiceNumber',
        details->'payment'->>'paymentNumber', details->'pharmacy'->>'name',
        details->'product'->>'sku', ''),
      'snapshot', coalesce(
        details->'order', details->'invoice', details->'payment', details->'pharmacy',
        details->'product'),
      'cascade', details - 'order' - 'invoice' - 'payment' - 'pharmacy' - 'product')
    where action = 'delete' and not details ? 'label'`.execute(db);
}
