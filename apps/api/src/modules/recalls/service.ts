import type { Db } from '@pharm/db';
import {
  RECALL_NOTICE_STATUSES,
  type RecallCreateData,
  type RecallListItem,
  type RecallListQuery,
  type RecallNoticeStatus,
  type RecallNoticeUpdate,
  type RecallRecord,
} from '@pharm/validators';
import { sql } from 'kysely';
import type { SessionUser } from '../../context.js';
import { logCreate, logUpdate, type Snapshot } from '../activity/record.js';
import { nextDocumentNumber } from '../../lib/db/document-numbers.js';
import { inTransaction, lockOrThrow } from '../../lib/db/transaction.js';
import { conflict, invalid, notFound } from '../../lib/domain-error.js';
import { databaseToday } from '../licences/gate.js';
import { setLotStatus } from '../lots/service.js';
import { recallEntity } from './entity.js';

/** Most recalls one list answers, newest first: a recall is rare, a year has a handful. */
export const RECALL_LIST_LIMIT = 500;

/** Who a step names when the request does not: the signed-in user, by name or else email. */
const userName = (user: SessionUser) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

const progressOf = (statuses: readonly RecallNoticeStatus[]) => ({
  total: statuses.length,
  notified: statuses.filter((s) => s !== 'to_notify').length,
  acknowledged: statuses.filter((s) => s === 'acknowledged').length,
});

/**
 * POST /api/recalls: marks the lots recalled and lists the pharmacies whose invoice lines carry
 * them, each line copied with its invoice, and a notice to send to each. Lock order: the lots
 * (in id order, rank 45), then the document counter, last.
 */
export function openRecall(
  db: Db,
  data: RecallCreateData,
  user: SessionUser,
): Promise<RecallRecord> {
  return inTransaction(db, async (trx) => {
    const lotIds = [...data.lotIds].sort((a, b) => a - b);
    const found = await trx.selectFrom('lots').select('id').where('id', 'in', lotIds).execute();
    const known = new Set(found.map((row) => row.id));
    data.lotIds.forEach((id, index) => {
      if (!known.has(id)) throw invalid(`Lot ${id} does not exist`, ['lotIds', index]);
    });
    for (const id of lotIds) {
      await setLotStatus(
        trx,
        id,
        'recalled',
        `Recall (class ${data.class}): ${data.reason}`,
        user.id,
      );
    }
    const open = await trx
      .selectFrom('recallLots as rl')
      .innerJoin('recalls as r', 'r.id', 'rl.recallId')
      .innerJoin('lots as l', 'l.id', 'rl.lotId')
      .select(['r.recallNumber', 'l.lotNumber'])
      .where('rl.lotId', 'in', lotIds)
      .where('r.closedOn', 'is', null)
      .executeTakeFirst();
    if (open) {
      throw conflict(`Lot ${open.lotNumber} is already in open recall ${open.recallNumber}`, [
        'lotIds',
      ]);
    }

    const today = await databaseToday(trx);
    const number = await nextDocumentNumber(trx, recallEntity);
    const { id } = await trx
      .insertInto('recalls')
      .values({
        recallNumber: number,
        reason: data.reason,
        class: data.class,
        initiatedOn: today,
        createdBy: user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('recallLots')
      .values(lotIds.map((lotId) => ({ recallId: id, lotId })))
      .execute();
    // One notice per pharmacy whose invoices carry a lot, then the lines themselves: only the
    // lines with the lots, not the invoices' other lines.
    const carrying = trx
      .selectFrom('invoiceLineItems as li')
      .innerJoin('invoices as i', 'i.id', 'li.invoiceId')
      .innerJoin('lots as l', 'l.id', 'li.lotId')
      .where('li.lotId', 'in', lotIds);
    await trx
      .insertInto('recallNotices')
      .columns(['recallId', 'pharmacyId'])
      .expression(
        carrying.select([sql<number>`${id}::int`.as('recallId'), 'i.pharmacyId']).distinct(),
      )
      .execute();
    await trx
      .insertInto('recallLines')
      .columns([
        'recallId',
        'pharmacyId',
        'invoiceId',
        'invoiceNumber',
        'invoiceDate',
        'lineId',
        'description',
        'qty',
        'lotId',
        'lotNumber',
      ])
      .expression(
        carrying
          .select([
            sql<number>`${id}::int`.as('recallId'),
            'i.pharmacyId',
            'i.id as invoiceId',
            'i.invoiceNumber',
            'i.invoiceDate',
            'li.id as lineId',
            'li.description',
            'li.qty',
            'l.id as lotId',
            'l.lotNumber',
          ])
          .orderBy('i.invoiceDate')
          .orderBy('i.id')
          .orderBy('li.position'),
      )
      .execute();
    const recall = await getRecall(trx, id);
    await logCreate(trx, { entity: recallEntity, id, userId: user.id }, recallSnapshot(recall));
    return recall;
  });
}

/** What the history keeps of a recall: its lots by number and its notices by pharmacy. */
function recallSnapshot(recall: RecallRecord): Snapshot {
  return {
    number: recall.number,
    class: recall.class,
    reason: recall.reason,
    lots: recall.lots.map((lot) => lot.lotNumber),
    pharmacies: recall.pharmacies.length,
    acknowledged: recall.progress.acknowledged,
    closedOn: recall.closedOn,
    closeReason: recall.closeReason,
  };
}

/** GET /api/recalls/{id}: its lots, and each pharmacy's lines and notice with its steps. */
export async function getRecall(db: Db, id: number): Promise<RecallRecord> {
  const recall = await db
    .selectFrom('recalls')
    .select([
      'id',
      'recallNumber as number',
      'reason',
      'class',
      'initiatedOn',
      'closedOn',
      'closeReason',
      'createdAt',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!recall) throw notFound('Recall');
  const lots = await db
    .selectFrom('recallLots as rl')
    .innerJoin('lots as l', 'l.id', 'rl.lotId')
    .leftJoin('productVariants as v', 'v.id', 'l.variantId')
    .innerJoin('products as p', (join) =>
      join.on((eb) =>
        eb.or([eb('p.id', '=', eb.ref('l.productId')), eb('p.sku', '=', eb.ref('v.parentSku'))]),
      ),
    )
    .select([
      'l.id',
      'l.lotNumber',
      'l.expiryDate',
      'l.status',
      sql<string>`coalesce(v.variant_sku, p.sku)`.as('sku'),
      'p.name as productName',
    ])
    .where('rl.recallId', '=', id)
    .orderBy('l.lotNumber')
    .orderBy('l.id')
    .execute();
  const notices = await db
    .selectFrom('recallNotices as n')
    .innerJoin('pharmacies as p', 'p.id', 'n.pharmacyId')
    .leftJoin('emails as e', 'e.id', 'n.emailId')
    .select([
      'n.id as noticeId',
      'e.id as emailId',
      'e.status as emailStatus',
      'n.status',
      'n.notifiedAt',
      'n.notifiedBy',
      'n.channel',
      'n.acknowledgedAt',
      'n.acknowledgedBy',
      'n.contact',
      'n.quantityReturned',
      'p.id',
      'p.name',
      'p.contactName',
      'p.email',
      'p.phone',
    ])
    .where('n.recallId', '=', id)
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
  const lines = await db
    .selectFrom('recallLines')
    .select([
      'pharmacyId',
      'invoiceId',
      'invoiceNumber',
      'invoiceDate',
      'lineId',
      'description',
      'qty',
      'lotId',
      'lotNumber',
    ])
    .where('recallId', '=', id)
    .orderBy('id')
    .execute();
  const events = notices.length
    ? await db
        .selectFrom('recallNoticeEvents')
        .select([
          'noticeId',
          'status',
          'at',
          'byName as by',
          'channel',
          'contact',
          'quantityReturned',
          'createdAt as recordedAt',
        ])
        .where(
          'noticeId',
          'in',
          notices.map((n) => n.noticeId),
        )
        .orderBy('id')
        .execute()
    : [];
  return {
    ...recall,
    lots,
    progress: progressOf(notices.map((n) => n.status)),
    pharmacies: notices.map((n) => ({
      pharmacy: {
        id: n.id,
        name: n.name,
        contactName: n.contactName,
        email: n.email,
        phone: n.phone,
      },
      lines: lines
        .filter((line) => line.pharmacyId === n.id)
        .map(({ pharmacyId: _pharmacy, ...line }) => line),
      notice: {
        status: n.status,
        notifiedAt: n.notifiedAt,
        notifiedBy: n.notifiedBy,
        channel: n.channel,
        acknowledgedAt: n.acknowledgedAt,
        acknowledgedBy: n.acknowledgedBy,
        contact: n.contact,
        quantityReturned: n.quantityReturned,
        email:
          n.emailId !== null && n.emailStatus !== null
            ? { id: n.emailId, status: n.emailStatus }
            : null,
        events: events
          .filter((event) => event.noticeId === n.noticeId)
          .map(({ noticeId: _notice, ...event }) => event),
      },
    })),
  };
}

/** GET /api/recalls: newest first, each with its lot numbers and how far its notices have come. */
export async function listRecalls(db: Db, query: RecallListQuery): Promise<RecallListItem[]> {
  let q = db.selectFrom('recalls as r').select([
    'r.id',
    'r.recallNumber as number',
    'r.reason',
    'r.class',
    'r.initiatedOn',
    'r.closedOn',
    sql<string[]>`coalesce((select array_agg(l.lot_number order by l.lot_number)
        from recall_lots rl join lots l on l.id = rl.lot_id where rl.recall_id = r.id), '{}')`.as(
      'lotNumbers',
    ),
    sql<number>`(select count(*)::int from recall_notices n where n.recall_id = r.id)`.as('total'),
    sql<number>`(select count(*)::int from recall_notices n
        where n.recall_id = r.id and n.status <> 'to_notify')`.as('notified'),
    sql<number>`(select count(*)::int from recall_notices n
        where n.recall_id = r.id and n.status = 'acknowledged')`.as('acknowledged'),
  ]);
  if (query.status === 'open') q = q.where('r.closedOn', 'is', null);
  if (query.status === 'closed') q = q.where('r.closedOn', 'is not', null);
  const rows = await q.orderBy('r.id', 'desc').limit(RECALL_LIST_LIMIT).execute();
  return rows.map(({ total, notified, acknowledged, ...row }) => ({
    ...row,
    progress: { total, notified, acknowledged },
  }));
}

/** The dashboard's card: how many recalls are open and how far their notices have come. */
export async function openRecalls(db: Db) {
  const { rows } = await sql<{ open: number; pharmacies: number; acknowledged: number }>`
    select count(distinct r.id)::int as open,
           count(n.id)::int as pharmacies,
           count(n.id) filter (where n.status = 'acknowledged')::int as acknowledged
      from recalls r
      left join recall_notices n on n.recall_id = r.id
     where r.closed_on is null`.execute(db);
  return rows[0]!;
}

const STEP = Object.fromEntries(RECALL_NOTICE_STATUSES.map((s, i) => [s, i])) as Record<
  RecallNoticeStatus,
  number
>;

/**
 * PUT /api/recalls/{id}/notices/{pharmacyId}: moves the pharmacy's notice one step forward
 * (to notify → notified → acknowledged) and logs the step; any other move is 409, as is a step
 * on a closed recall. Locks the recall, then its notice.
 */
export function updateNotice(
  db: Db,
  recallId: number,
  pharmacyId: number,
  data: RecallNoticeUpdate,
  user: SessionUser,
): Promise<RecallRecord> {
  return inTransaction(db, async (trx) => {
    const recall = await lockOrThrow(trx, recallEntity, recallId);
    if (recall.closedOn) throw conflict(`Recall ${recall.recallNumber} is closed`);
    const notice = await trx
      .selectFrom('recallNotices')
      .selectAll()
      .where('recallId', '=', recallId)
      .where('pharmacyId', '=', pharmacyId)
      .forUpdate()
      .executeTakeFirst();
    if (!notice) throw notFound('Recall notice');
    if (STEP[data.status] !== STEP[notice.status] + 1) {
      throw conflict(
        STEP[data.status] <= STEP[notice.status]
          ? `This notice is already ${notice.status.replace('_', ' ')}; a notice moves forward only`
          : 'Mark the notice notified before acknowledged',
        ['status'],
      );
    }
    const { rows } = await sql<{ now: string }>`select now() as now`.execute(trx);
    const at = data.at ?? new Date(rows[0]!.now).toISOString();
    if (Date.parse(at) > Date.now() + 5 * 60_000)
      throw invalid('When cannot be in the future', ['at']);
    const by = data.by ?? userName(user);
    await trx
      .updateTable('recallNotices')
      .set(
        data.status === 'notified'
          ? { status: 'notified', notifiedAt: at, notifiedBy: by, channel: data.channel }
          : {
              status: 'acknowledged',
              acknowledgedAt: at,
              acknowledgedBy: by,
              contact: data.contact,
              quantityReturned: data.quantityReturned,
            },
      )
      .set({ updatedAt: sql`now()` })
      .where('id', '=', notice.id)
      .execute();
    await trx
      .insertInto('recallNoticeEvents')
      .values({
        noticeId: notice.id,
        status: data.status,
        at,
        byName: by,
        channel: data.channel,
        contact: data.contact,
        quantityReturned: data.quantityReturned,
        userId: user.id,
      })
      .execute();
    const pharmacy = await trx
      .selectFrom('pharmacies')
      .select('name')
      .where('id', '=', pharmacyId)
      .executeTakeFirstOrThrow();
    await logUpdate(
      trx,
      { entity: recallEntity, id: recallId, userId: user.id },
      { number: recall.recallNumber, [`notice: ${pharmacy.name}`]: notice.status },
      { number: recall.recallNumber, [`notice: ${pharmacy.name}`]: data.status },
      { notice: { pharmacy: pharmacy.name, status: data.status, at, by, channel: data.channel } },
    );
    return getRecall(trx, recallId);
  });
}

/**
 * POST /api/recalls/{id}/close: closes the recall today. While a pharmacy has not acknowledged,
 * only with a reason (409 without one); the lots stay recalled.
 */
export function closeRecall(
  db: Db,
  id: number,
  reason: string | null,
  userId: string,
): Promise<RecallRecord> {
  return inTransaction(db, async (trx) => {
    const recall = await lockOrThrow(trx, recallEntity, id);
    if (recall.closedOn) throw conflict(`Recall ${recall.recallNumber} is already closed`);
    const before = await getRecall(trx, id);
    const { total, acknowledged } = before.progress;
    if (acknowledged < total && !reason) {
      throw conflict(
        `${total - acknowledged} of ${total} pharmacies have not acknowledged; give a reason to close the recall now`,
        ['reason'],
      );
    }
    await trx
      .updateTable('recalls')
      .set({ closedOn: await databaseToday(trx), closeReason: reason, updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
    const after = await getRecall(trx, id);
    await logUpdate(
      trx,
      { entity: recallEntity, id, userId },
      recallSnapshot(before),
      recallSnapshot(after),
    );
    return after;
  });
}

/** The pharmacy's part of the recall, with the pharmacy's address, for its letter. */
export async function recallLetterData(db: Db, id: number, pharmacyId: number) {
  const recall = await getRecall(db, id);
  const entry = recall.pharmacies.find((p) => p.pharmacy.id === pharmacyId);
  if (!entry) throw notFound('Recall notice');
  const address = await db
    .selectFrom('pharmacies')
    .select(['name', 'contactName', 'email', 'phone', 'billingAddress', 'shippingAddress'])
    .where('id', '=', pharmacyId)
    .executeTakeFirstOrThrow();
  return { recall, entry, address };
}
