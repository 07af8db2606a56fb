import type { Db, EmailStatus } from '@pharm/db';
import { formatDate, type RecallEmailNotices } from '@pharm/validators';
import { sql } from 'kysely';
import type { SessionUser } from '../../context.js';
import { inTransaction, lockOrThrow } from '../../lib/db/transaction.js';
import { conflict } from '../../lib/domain-error.js';
import { SUPPLIER } from '../../lib/pdf/theme.js';
import { logUpdate } from '../activity/record.js';
import { nudgeOutbox, queueEmail } from '../emails/outbox.js';
import { renderTemplate, templateOf } from '../emails/templates.js';
import { recallEntity } from './entity.js';
import { getRecall } from './service.js';

/** The outbox's kind for a recall notice, and the template edited in Settings. */
export const RECALL_NOTICE_EMAIL = 'recall_notice';

/** An email for the notice is on its way: another would reach the pharmacy twice. */
const PENDING = new Set(['held', 'queued', 'sending']);

/**
 * POST /api/recalls/{id}/email-notices ("Email notices", issue 30 item 4): queues, for each
 * pharmacy whose notice is still to notify (all of them, or those named), an email with its
 * recall letter attached, in the transaction that records it on the notice (`email_id`). The
 * notice is not marked notified here: that happens when the SMTP server accepts the mail, in the
 * transaction that marks the email sent (markNoticeEmailed), so "notified by email" is never
 * claimed for a mail still waiting, held, or failed. A pharmacy is skipped when its notice has
 * moved on or an email for it is already waiting. It goes to the pharmacy's email (required on
 * every pharmacy). Locks the recall (rank 50), so two requests at once queue each email once.
 */
export async function emailNotices(
  db: Db,
  recallId: number,
  data: RecallEmailNotices,
  user: SessionUser,
) {
  const result = await inTransaction(db, async (trx) => {
    const locked = await lockOrThrow(trx, recallEntity, recallId);
    if (locked.closedOn) throw conflict(`Recall ${locked.recallNumber} is closed`);
    const recall = await getRecall(trx, recallId);
    const template = await templateOf(trx, RECALL_NOTICE_EMAIL);
    const named = data.pharmacyIds ? new Set(data.pharmacyIds) : null;
    const queued: { pharmacyId: number; emailId: number; status: EmailStatus }[] = [];
    const skipped: { pharmacyId: number; pharmacy: string; reason: string }[] = [];
    for (const { pharmacy, lines, notice } of recall.pharmacies) {
      if (named && !named.has(pharmacy.id)) continue;
      const skip = (reason: string) =>
        skipped.push({ pharmacyId: pharmacy.id, pharmacy: pharmacy.name, reason });
      if (notice.status !== 'to_notify') {
        skip(`already ${notice.status.replace('_', ' ')}`);
        continue;
      }
      if (notice.email && PENDING.has(notice.email.status)) {
        skip(`an email is already ${notice.email.status}`);
        continue;
      }
      const rendered = renderTemplate(template, {
        pharmacy: pharmacy.name,
        recallNumber: recall.number,
        recallClass: recall.class,
        reason: recall.reason,
        lots: recall.lots.map((lot) => lot.lotNumber).join(', '),
        lines: lines
          .map(
            (line) =>
              `${line.invoiceNumber} of ${formatDate(line.invoiceDate)}: ${line.qty} × ${line.description} (lot ${line.lotNumber})`,
          )
          .join('\n'),
        company: SUPPLIER.name,
      });
      const email = await queueEmail(trx, {
        kind: RECALL_NOTICE_EMAIL,
        entityType: 'recall',
        entityId: recall.id,
        pharmacyId: pharmacy.id,
        to: [pharmacy.email],
        ...rendered,
        attachments: [{ kind: 'recall-letter', id: recall.id, pharmacyId: pharmacy.id }],
        createdBy: user.id,
      });
      await trx
        .updateTable('recallNotices')
        .set({ emailId: email.emailId, updatedAt: sql`now()` })
        .where('recallId', '=', recall.id)
        .where('pharmacyId', '=', pharmacy.id)
        .execute();
      queued.push({ pharmacyId: pharmacy.id, emailId: email.emailId, status: email.status });
    }
    if (queued.length) {
      const names = recall.pharmacies
        .filter((p) => queued.some((q) => q.pharmacyId === p.pharmacy.id))
        .map((p) => p.pharmacy.name);
      await logUpdate(
        trx,
        { entity: recallEntity, id: recall.id, userId: user.id },
        { number: recall.number, 'notices emailed': null },
        { number: recall.number, 'notices emailed': names.join(', ') },
        { emails: queued.map((q) => q.emailId) },
      );
    }
    return { queued, skipped };
  });
  if (result.queued.length) nudgeOutbox();
  return result;
}

/**
 * Called by the outbox's sender inside the transaction that marks a recall-notice email sent
 * (the SMTP server accepted it): the notice that asked for this email becomes notified, by email,
 * at that moment, in the name of whoever asked for it, with its step logged. A notice that moved
 * on meanwhile (marked notified by phone, say) stays as it is. Locks the recall (rank 50), as a
 * notice step does.
 */
export async function markNoticeEmailed(
  trx: Db,
  email: {
    id: number;
    entityId: number | null;
    pharmacyId: number | null;
    createdBy: string | null;
  },
): Promise<void> {
  if (email.entityId === null || email.pharmacyId === null) return;
  const recall = await trx
    .selectFrom('recalls')
    .select(['id', 'recallNumber'])
    .where('id', '=', email.entityId)
    .forUpdate()
    .executeTakeFirst();
  if (!recall) return;
  const notice = await trx
    .selectFrom('recallNotices as n')
    .innerJoin('pharmacies as p', 'p.id', 'n.pharmacyId')
    .select(['n.id', 'n.status', 'p.name'])
    .where('n.recallId', '=', recall.id)
    .where('n.pharmacyId', '=', email.pharmacyId)
    .where('n.emailId', '=', email.id)
    .forUpdate()
    .executeTakeFirst();
  if (!notice || notice.status !== 'to_notify') return;
  const asker = email.createdBy
    ? await trx
        .selectFrom('users')
        .select(['firstName', 'lastName', 'email'])
        .where('id', '=', email.createdBy)
        .executeTakeFirst()
    : undefined;
  const by = asker
    ? [asker.firstName, asker.lastName].filter(Boolean).join(' ') || asker.email
    : null;
  const { rows } = await sql<{ now: string }>`select now() as now`.execute(trx);
  const at = new Date(rows[0]!.now).toISOString();
  await trx
    .updateTable('recallNotices')
    .set({ status: 'notified', notifiedAt: at, notifiedBy: by, channel: 'email' })
    .set({ updatedAt: sql`now()` })
    .where('id', '=', notice.id)
    .execute();
  await trx
    .insertInto('recallNoticeEvents')
    .values({
      noticeId: notice.id,
      status: 'notified',
      at,
      byName: by,
      channel: 'email',
      contact: null,
      quantityReturned: null,
      userId: email.createdBy,
    })
    .execute();
  await logUpdate(
    trx,
    { entity: recallEntity, id: recall.id, userId: email.createdBy },
    { number: recall.recallNumber, [`notice: ${notice.name}`]: 'to_notify' },
    { number: recall.recallNumber, [`notice: ${notice.name}`]: 'notified' },
    {
      notice: {
        pharmacy: notice.name,
        status: 'notified',
        at,
        by,
        channel: 'email',
        email: email.id,
      },
    },
  );
}
