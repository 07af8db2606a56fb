import type { Db, DunningNoticeItem, DunningNoticeStatus } from '@pharm/db';
import {
  addDaysIso,
  formatUsd,
  fromCents,
  sumCents,
  toCents,
  todayIso,
  type DunningNotice,
  type DunningNoticeQuery,
  type DunningSettings,
  type DunningSettingsData,
  type PharmacyFees,
} from '@pharm/validators';
import { sql } from 'kysely';
import type { Actor } from '../../lib/authorize.js';
import { inTransaction } from '../../lib/db/transaction.js';
import { conflict, invalid, notFound } from '../../lib/domain-error.js';
import { SUPPLIER } from '../../lib/pdf/theme.js';
import { nudgeOutbox, queueEmail } from '../emails/outbox.js';
import { logUpdate } from '../activity/record.js';
import { renderTemplate, templateOf } from '../emails/templates.js';
import { pharmacyEntity } from '../pharmacies/entity.js';

/** Today as the jobs see it; tests move it over a simulated calendar. */
export interface Clock {
  today(): string;
}
export const systemClock: Clock = { today: () => todayIso() };

/** Whole days from `from` to `to` ('YYYY-MM-DD'), negative when `to` is earlier. */
export const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const OPEN_STATUSES = ['Unpaid', 'Partially Paid'] as const;

interface LevelRow {
  level: number;
  days: number;
  templateId: number;
  attachStatement: boolean;
  fee: string | null;
}

const levelsOf = (db: Db): Promise<LevelRow[]> =>
  db
    .selectFrom('dunningLevels')
    .select(['level', 'days', 'templateId', 'attachStatement', 'fee'])
    .orderBy('level')
    .execute();

const SETTINGS = ['dunningEnabled', 'dunningAutoSend', 'monthlyStatements'] as const;

export async function getDunningSettings(db: Db): Promise<DunningSettings> {
  const s = await db.selectFrom('businessSettings').select(SETTINGS).executeTakeFirstOrThrow();
  return {
    enabled: s.dunningEnabled,
    autoSend: s.dunningAutoSend,
    monthlyStatements: s.monthlyStatements,
    levels: await levelsOf(db),
  };
}

/** The levels are replaced as a whole: level 1 is the one with the fewest days. */
export async function updateDunningSettings(
  db: Db,
  data: DunningSettingsData,
): Promise<DunningSettings> {
  await inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('businessSettings')
      .select(SETTINGS)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const ids = [...new Set(data.levels.map((l) => l.templateId))];
    const templates = ids.length
      ? await trx
          .selectFrom('emailTemplates')
          .select('id')
          .where('id', 'in', ids)
          .where('kind', '=', 'dunning')
          .execute()
      : [];
    data.levels.forEach((level, i) => {
      if (!templates.some((t) => t.id === level.templateId)) {
        throw invalid('Template must be a payment reminder template', ['levels', i, 'templateId']);
      }
    });
    await trx
      .updateTable('businessSettings')
      .set({
        dunningEnabled: data.enabled,
        dunningAutoSend: data.autoSend,
        monthlyStatements: data.monthlyStatements ?? before.monthlyStatements,
      })
      .execute();
    await trx.deleteFrom('dunningLevels').execute();
    if (data.levels.length > 0) {
      await trx
        .insertInto('dunningLevels')
        .values(data.levels.map((l, i) => ({ level: i + 1, ...l })))
        .execute();
    }
  });
  return getDunningSettings(db);
}

/** The highest level whose day has come for an invoice `daysOverdue` past due; none yet: undefined. */
export function dueLevel<L extends { days: number }>(
  levels: readonly L[],
  daysOverdue: number,
): L | undefined {
  let due: L | undefined;
  for (const level of levels) if (level.days <= daysOverdue) due = level;
  return due;
}

/**
 * Open invoices by their stored balance and status (the payments module keeps both), due on or
 * before `dueBy`, of pharmacies not paused.
 */
function openInvoices(db: Db, dueBy: string) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('pharmacies as p', 'p.id', 'i.pharmacyId')
    .select([
      'i.id',
      'i.pharmacyId',
      'i.invoiceNumber',
      sql<string>`i.invoice_date::text`.as('invoiceDate'),
      sql<string>`i.due_date::text`.as('dueDate'),
      sql<string>`i.balance::text`.as('balance'),
    ])
    .where('i.status', 'in', OPEN_STATUSES)
    .where('i.balance', '>', '0')
    .where('i.dueDate', '<=', dueBy)
    .where('p.dunningPaused', '=', false)
    .orderBy('i.pharmacyId')
    .orderBy('i.dueDate')
    .orderBy('i.id');
}

/**
 * The day's dunning run (decisions.md §10), inside the transaction that claimed the day. For
 * each pharmacy not paused, every open invoice gets the highest level whose day has come, from
 * today and its due date alone; a pharmacy gets one notice, at the highest of its invoices'
 * levels and listing them all, when some (invoice, level) has had no notice yet. So after days
 * without a run only today's level goes out, once; a level skipped or sent is not proposed
 * again. The pharmacy's older drafts are superseded by it. Notices are drafts to approve, or
 * queued at once with auto-send. Returns how many notices it wrote.
 */
export async function runDunning(trx: Db, today: string, autoSend: boolean): Promise<number> {
  await cancelPaidDrafts(trx);
  const levels = await levelsOf(trx);
  const first = levels[0];
  if (!first) return 0;
  const invoices = await openInvoices(trx, addDaysIso(today, -first.days)).execute();
  if (invoices.length === 0) return 0;
  const marks = await trx
    .selectFrom('dunningMarks')
    .select(['invoiceId', 'level'])
    .where(
      'invoiceId',
      'in',
      invoices.map((i) => i.id),
    )
    .execute();
  const marked = new Set(marks.map((m) => `${m.invoiceId}:${m.level}`));

  const byPharmacy = new Map<number, DunningNoticeItem[]>();
  for (const invoice of invoices) {
    const daysOverdue = daysFrom(invoice.dueDate, today);
    const level = dueLevel(levels, daysOverdue)!;
    const items = byPharmacy.get(invoice.pharmacyId) ?? [];
    items.push({
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: invoice.invoiceDate,
      dueDate: invoice.dueDate,
      balance: invoice.balance,
      daysOverdue,
      level: level.level,
    });
    byPharmacy.set(invoice.pharmacyId, items);
  }

  let written = 0;
  for (const [pharmacyId, items] of byPharmacy) {
    const fresh = items.filter((item) => !marked.has(`${item.invoiceId}:${item.level}`));
    if (fresh.length === 0) continue;
    const level = levels.find((l) => l.level === Math.max(...items.map((i) => i.level)))!;
    await trx
      .updateTable('dunningNotices')
      .set({ status: 'cancelled', decidedAt: sql`now()` })
      .where('pharmacyId', '=', pharmacyId)
      .where('status', '=', 'draft')
      .execute();
    const notice = await trx
      .insertInto('dunningNotices')
      .values({
        pharmacyId,
        level: level.level,
        runDate: today,
        status: 'draft',
        items: JSON.stringify(items),
        total: fromCents(sumCents(items.map((i) => toCents(i.balance)))),
        fee: level.fee,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('dunningMarks')
      .values(fresh.map((i) => ({ invoiceId: i.invoiceId, level: i.level, noticeId: notice.id })))
      .onConflict((oc) => oc.columns(['invoiceId', 'level']).doNothing())
      .execute();
    if (autoSend) await sendNotice(trx, notice.id, today, null);
    written += 1;
  }
  return written;
}

/** Drafts whose invoices were all paid since: nothing to remind of. */
async function cancelPaidDrafts(trx: Db): Promise<void> {
  const drafts = await trx
    .selectFrom('dunningNotices')
    .select(['id', 'items'])
    .where('status', '=', 'draft')
    .execute();
  for (const draft of drafts) {
    const open = await stillOpen(trx, draft.items);
    if (open.length === 0) {
      await trx
        .updateTable('dunningNotices')
        .set({ status: 'cancelled', decidedAt: sql`now()` })
        .where('id', '=', draft.id)
        .execute();
    }
  }
}

/** A notice's invoices with what is owed on them now; those paid since are left out. */
async function stillOpen(db: Db, items: DunningNoticeItem[]): Promise<DunningNoticeItem[]> {
  if (items.length === 0) return [];
  const rows = await db
    .selectFrom('invoices')
    .select(['id', sql<string>`balance::text`.as('balance')])
    .where(
      'id',
      'in',
      items.map((i) => i.invoiceId),
    )
    .where('status', 'in', OPEN_STATUSES)
    .where('balance', '>', '0')
    .execute();
  const balances = new Map(rows.map((r) => [r.id, r.balance]));
  return items
    .filter((item) => balances.has(item.invoiceId))
    .map((item) => ({ ...item, balance: balances.get(item.invoiceId)! }));
}

const invoiceLine = (item: DunningNoticeItem) => {
  const when =
    item.daysOverdue > 0
      ? `${item.daysOverdue} days overdue`
      : item.daysOverdue === 0
        ? 'due today'
        : `due in ${-item.daysOverdue} days`;
  return `${item.invoiceNumber}, due ${item.dueDate}: ${formatUsd(item.balance)} (${when})`;
};

/**
 * Queues a draft's email in the caller's transaction, with the invoices as they are now: the
 * template of its level, the statement PDF if the level asks for it, and its fee recorded as a
 * document of its own. False when every invoice was paid since (the notice is cancelled).
 */
async function sendNotice(
  trx: Db,
  noticeId: number,
  today: string,
  actor: Actor | null,
): Promise<boolean> {
  const notice = await trx
    .selectFrom('dunningNotices')
    .select([
      'id',
      'pharmacyId',
      'level',
      'items',
      'fee',
      sql<string>`run_date::text`.as('runDate'),
    ])
    .where('id', '=', noticeId)
    .executeTakeFirstOrThrow();
  const items = await stillOpen(trx, notice.items);
  if (items.length === 0) {
    await trx
      .updateTable('dunningNotices')
      .set({ status: 'cancelled', decidedBy: actor?.id ?? null, decidedAt: sql`now()` })
      .where('id', '=', noticeId)
      .execute();
    return false;
  }
  const pharmacy = await trx
    .selectFrom('pharmacies')
    .select(['id', 'name', 'email', 'billingEmail'])
    .where('id', '=', notice.pharmacyId)
    .executeTakeFirstOrThrow();
  const level = await trx
    .selectFrom('dunningLevels')
    .select(['templateId', 'attachStatement'])
    .where('level', '=', notice.level)
    .executeTakeFirst();
  const template = level
    ? await trx
        .selectFrom('emailTemplates')
        .select(['subject', 'bodyText', 'bodyHtml'])
        .where('id', '=', level.templateId)
        .executeTakeFirstOrThrow()
    : await templateOf(trx, 'dunning');
  const total = fromCents(sumCents(items.map((i) => toCents(i.balance))));
  const rendered = renderTemplate(template, {
    pharmacy: pharmacy.name,
    invoices: items.map(invoiceLine).join('\n'),
    balance: formatUsd(total),
    daysOverdue: String(Math.max(0, ...items.map((i) => i.daysOverdue))),
    dueDate: items[0]!.dueDate,
    fee: notice.fee ? `A late fee of ${formatUsd(notice.fee)} is charged on your account.` : '',
    company: SUPPLIER.name,
  });
  const from = items.map((i) => i.invoiceDate).sort()[0]!;
  // Approved days after its run, the statement runs to the day of approval.
  const to = today > notice.runDate ? today : notice.runDate;
  const queued = await queueEmail(trx, {
    kind: 'dunning',
    entityType: 'pharmacy',
    entityId: pharmacy.id,
    pharmacyId: pharmacy.id,
    to: [pharmacy.billingEmail ?? pharmacy.email],
    ...rendered,
    attachments: level?.attachStatement
      ? [{ kind: 'statement-pdf', id: pharmacy.id, from, to }]
      : [],
    idempotencyKey: `dunning:${noticeId}`,
    createdBy: actor?.id ?? null,
  });
  if (notice.fee) {
    await trx
      .insertInto('dunningFees')
      .values({ pharmacyId: pharmacy.id, noticeId, date: to, amount: notice.fee })
      .onConflict((oc) => oc.column('noticeId').doNothing())
      .execute();
  }
  await trx
    .updateTable('dunningNotices')
    .set({
      status: 'queued',
      items: JSON.stringify(items),
      total,
      emailId: queued.emailId,
      decidedBy: actor?.id ?? null,
      decidedAt: sql`now()`,
    })
    .where('id', '=', noticeId)
    .execute();
  return true;
}

/** Locks a notice that is still a draft; anything else is a 409 naming what became of it. */
async function lockDraft(trx: Db, id: number): Promise<void> {
  const row = await trx
    .selectFrom('dunningNotices')
    .select(['status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Dunning notice');
  const was: Record<Exclude<DunningNoticeStatus, 'draft'>, string> = {
    queued: 'approved',
    skipped: 'skipped',
    cancelled: 'cancelled (its invoices were paid, or a later notice replaced it)',
  };
  if (row.status !== 'draft') throw conflict(`This notice was ${was[row.status]} already`);
}

/** Approve: the email is queued in the same transaction; a notice whose invoices were all paid is cancelled instead (409). */
export async function approveNotice(
  db: Db,
  id: number,
  actor: Actor,
  clock: Clock = systemClock,
): Promise<DunningNotice> {
  const sent = await inTransaction(db, async (trx) => {
    await lockDraft(trx, id);
    return sendNotice(trx, id, clock.today(), actor);
  });
  if (!sent) throw conflict('Every invoice of this notice was paid since; it was cancelled');
  nudgeOutbox();
  return getNotice(db, id);
}

export async function skipNotice(db: Db, id: number, actor: Actor): Promise<DunningNotice> {
  await inTransaction(db, async (trx) => {
    await lockDraft(trx, id);
    await trx
      .updateTable('dunningNotices')
      .set({ status: 'skipped', decidedBy: actor.id, decidedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
  });
  return getNotice(db, id);
}

function noticesQuery(db: Db) {
  return db
    .selectFrom('dunningNotices as n')
    .innerJoin('pharmacies as p', 'p.id', 'n.pharmacyId')
    .leftJoin('emails as e', 'e.id', 'n.emailId')
    .select([
      'n.id',
      'n.level',
      sql<string>`n.run_date::text`.as('runDate'),
      'n.status',
      'n.items',
      sql<string>`n.total::text`.as('total'),
      sql<string | null>`n.fee::text`.as('fee'),
      'n.decidedAt',
      'n.createdAt',
      'p.id as pharmacyId',
      'p.name as pharmacyName',
      sql<string>`coalesce(p.billing_email, p.email)`.as('pharmacyEmail'),
      'e.id as emailId',
      'e.status as emailStatus',
      'e.sentAt as emailSentAt',
    ]);
}

type NoticeRow = Awaited<ReturnType<ReturnType<typeof noticesQuery>['execute']>>[number];

const toNotice = (row: NoticeRow): DunningNotice => ({
  id: row.id,
  pharmacy: { id: row.pharmacyId, name: row.pharmacyName, email: row.pharmacyEmail },
  level: row.level,
  runDate: row.runDate,
  status: row.status,
  items: row.items,
  total: row.total,
  fee: row.fee,
  email:
    row.emailId !== null && row.emailStatus !== null
      ? { id: row.emailId, status: row.emailStatus, sentAt: row.emailSentAt }
      : null,
  decidedAt: row.decidedAt,
  createdAt: row.createdAt,
});

export async function getNotice(db: Db, id: number): Promise<DunningNotice> {
  const row = await noticesQuery(db).where('n.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Dunning notice');
  return toNotice(row);
}

/** The drafts waiting for approval, oldest first. */
export async function dueNotices(db: Db): Promise<DunningNotice[]> {
  const rows = await noticesQuery(db).where('n.status', '=', 'draft').orderBy('n.id').execute();
  return rows.map(toNotice);
}

/** The history, newest first. */
export async function listNotices(db: Db, query: DunningNoticeQuery): Promise<DunningNotice[]> {
  let q = noticesQuery(db);
  if (query.status) q = q.where('n.status', '=', query.status);
  if (query.pharmacyId) q = q.where('n.pharmacyId', '=', query.pharmacyId);
  const rows = await q.orderBy('n.id', 'desc').limit(query.limit).execute();
  return rows.map(toNotice);
}

export async function pharmacyDunning(db: Db, id: number) {
  const row = await db
    .selectFrom('pharmacies')
    .select(['id', 'dunningPaused'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Pharmacy');
  return row;
}

/** Pausing leaves its drafts as they are: approve or skip them; the runs propose none. */
export async function setDunningPaused(db: Db, id: number, paused: boolean) {
  const row = await db
    .updateTable('pharmacies')
    .set({ dunningPaused: paused })
    .where('id', '=', id)
    .returning(['id', 'dunningPaused'])
    .executeTakeFirst();
  if (!row) throw notFound('Pharmacy');
  return row;
}

/** A pharmacy's late fees, newest first, and what is owed of them today (not waived). */
export async function pharmacyFees(db: Db, pharmacyId: number): Promise<PharmacyFees> {
  const pharmacy = await db
    .selectFrom('pharmacies')
    .select('id')
    .where('id', '=', pharmacyId)
    .executeTakeFirst();
  if (!pharmacy) throw notFound('Pharmacy');
  const fees = await db
    .selectFrom('dunningFees as f')
    .innerJoin('dunningNotices as n', 'n.id', 'f.noticeId')
    .select([
      'f.id',
      sql<string>`'FEE-' || lpad(f.id::text, 5, '0')`.as('number'),
      sql<string>`f.date::text`.as('date'),
      sql<string>`f.amount::text`.as('amount'),
      'n.level',
      sql<string | null>`f.waived_on::text`.as('waivedOn'),
      'f.waiveReason',
    ])
    .where('f.pharmacyId', '=', pharmacyId)
    .orderBy('f.date', 'desc')
    .orderBy('f.id', 'desc')
    .execute();
  const owed = sumCents(fees.filter((f) => f.waivedOn === null).map((f) => toCents(f.amount)));
  return { owed: fromCents(owed), fees };
}

/**
 * Waives a fee: it is owed no more from `today`, and the statement shows the waiver on that day
 * (the fee's own line stays on its date). One transaction, the pharmacy's row locked first
 * (docs/rules.md §3's order), then the fee; a fee waived already is 409.
 */
export async function waiveFee(
  db: Db,
  id: number,
  reason: string,
  today: string,
  actor: Actor,
): Promise<PharmacyFees> {
  const pharmacyId = await inTransaction(db, async (trx) => {
    const fee = await trx
      .selectFrom('dunningFees')
      .select(['pharmacyId'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!fee) throw notFound('Fee');
    await trx
      .selectFrom('pharmacies')
      .select('id')
      .where('id', '=', fee.pharmacyId)
      .forNoKeyUpdate()
      .execute();
    const locked = await trx
      .selectFrom('dunningFees as f')
      .innerJoin('pharmacies as p', 'p.id', 'f.pharmacyId')
      .select([
        'f.waivedOn',
        sql<string>`f.date::text`.as('date'),
        sql<string>`'FEE-' || lpad(f.id::text, 5, '0')`.as('number'),
        sql<string>`f.amount::text`.as('amount'),
        'p.name',
      ])
      .where('f.id', '=', id)
      .forUpdate(['f'])
      .executeTakeFirstOrThrow();
    if (locked.waivedOn !== null) throw conflict('This fee was waived already');
    // A fee charged on a later date than today (approved ahead) is waived on its own date.
    const waivedOn = today > locked.date ? today : locked.date;
    await trx
      .updateTable('dunningFees')
      .set({ waivedOn, waivedBy: actor.id, waiveReason: reason })
      .where('id', '=', id)
      .execute();
    // The pharmacy's history: a fee is no record of its own there, but what the pharmacy owes.
    const feeOf = (waived: { waivedOn: string; waiveReason: string } | null) => ({
      name: locked.name,
      dunningFee: {
        number: locked.number,
        date: locked.date,
        amount: locked.amount,
        waivedOn: waived?.waivedOn ?? null,
        waiveReason: waived?.waiveReason ?? null,
      },
    });
    await logUpdate(
      trx,
      { entity: pharmacyEntity, id: fee.pharmacyId, userId: actor.id },
      feeOf(null),
      feeOf({ waivedOn, waiveReason: reason }),
    );
    return fee.pharmacyId;
  });
  return pharmacyFees(db, pharmacyId);
}
