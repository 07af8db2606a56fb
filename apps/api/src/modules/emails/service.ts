import type { Db, EmailAttachment, EmailStatus } from '@pharm/db';
import {
  formatUsd,
  todayIso,
  type EmailDetail,
  type EmailListQuery,
  type EmailSummary,
  type InvoiceEmailData,
  type StatementEmailData,
} from '@pharm/validators';
import { can } from '@pharm/validators/roles';
import { sql } from 'kysely';
import { authorize, type Actor } from '../../lib/authorize.js';
import { inTransaction } from '../../lib/db/transaction.js';
import { DomainError, notFound } from '../../lib/domain-error.js';
import { SUPPLIER } from '../../lib/pdf/theme.js';
import { getCreditNote } from '../credit-notes/service.js';
import { getInvoice } from '../invoices/service.js';
import { getOrder } from '../orders/service.js';
import { getPharmacy } from '../pharmacies/service.js';
import { pharmacyStatement } from '../statements/service.js';
import { emailJob, mailDeliveryEnabled, nudgeOutbox, queueEmail } from './outbox.js';
import { renderTemplate, templateOf, type RenderedEmail } from './templates.js';

/** Whole days from `from` to `to` ('YYYY-MM-DD'), negative when `to` is earlier. */
const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Where a pharmacy's invoices and statements go: its billing email, else its email. */
const billingAddress = (p: { email: string; billingEmail: string | null }) =>
  p.billingEmail ?? p.email;

async function invoiceEmail(db: Db, id: number, message: string | undefined) {
  const invoice = await getInvoice(db, id);
  const pharmacy = await getPharmacy(db, invoice.pharmacyId);
  const template = await templateOf(db, 'invoice');
  const overdue = daysFrom(invoice.dueDate, todayIso());
  const rendered = renderTemplate(template, {
    pharmacy: pharmacy.name,
    invoiceNumber: invoice.invoiceNumber,
    total: formatUsd(invoice.total),
    balance: formatUsd(invoice.balance),
    dueDate: invoice.dueDate,
    daysOverdue: String(Math.max(0, overdue)),
    message: message ?? '',
    company: SUPPLIER.name,
  });
  return { invoice, pharmacy, rendered, to: [billingAddress(pharmacy)] };
}

/** An order goes to the pharmacy's own email: it is no bill. */
async function orderEmail(db: Db, id: number, message: string | undefined) {
  const order = await getOrder(db, id);
  const template = await templateOf(db, 'order');
  const rendered = renderTemplate(template, {
    pharmacy: order.pharmacy.name,
    orderNumber: order.orderNumber,
    orderDate: order.orderDate,
    total: formatUsd(order.total),
    message: message ?? '',
    company: SUPPLIER.name,
  });
  return { order, rendered, to: [order.pharmacy.email] };
}

async function creditNoteEmail(db: Db, id: number, message: string | undefined) {
  const note = await getCreditNote(db, id);
  const pharmacy = await getPharmacy(db, note.pharmacyId);
  const template = await templateOf(db, 'credit_note');
  const rendered = renderTemplate(template, {
    pharmacy: pharmacy.name,
    creditNoteNumber: note.number,
    invoiceNumber: note.invoice?.invoiceNumber ?? '',
    total: formatUsd(note.total),
    date: note.date,
    reason: note.reason,
    message: message ?? '',
    company: SUPPLIER.name,
  });
  return { note, pharmacy, rendered, to: [billingAddress(pharmacy)] };
}

async function statementEmail(
  db: Db,
  pharmacyId: number,
  period: { from: string; to: string },
  message: string | undefined,
) {
  const pharmacy = await getPharmacy(db, pharmacyId);
  const statement = await pharmacyStatement(db, { id: pharmacyId, ...period });
  const template = await templateOf(db, 'statement');
  const rendered = renderTemplate(template, {
    pharmacy: pharmacy.name,
    from: period.from,
    to: period.to,
    balance: formatUsd(statement.closingBalance),
    message: message ?? '',
    company: SUPPLIER.name,
  });
  return { pharmacy, rendered, to: [billingAddress(pharmacy)] };
}

/** The Email invoice dialog's starting point: recipients, subject and text as they would go. */
export async function invoiceEmailDraft(db: Db, id: number) {
  const { rendered, to } = await invoiceEmail(db, id, undefined);
  return { to, subject: rendered.subject, bodyText: rendered.bodyText };
}

export async function orderEmailDraft(db: Db, id: number) {
  const { rendered, to } = await orderEmail(db, id, undefined);
  return { to, subject: rendered.subject, bodyText: rendered.bodyText };
}

export async function creditNoteEmailDraft(db: Db, id: number) {
  const { rendered, to } = await creditNoteEmail(db, id, undefined);
  return { to, subject: rendered.subject, bodyText: rendered.bodyText };
}

export async function statementEmailDraft(
  db: Db,
  pharmacyId: number,
  period: { from: string; to: string },
) {
  const { rendered, to } = await statementEmail(db, pharmacyId, period, undefined);
  return { to, subject: rendered.subject, bodyText: rendered.bodyText };
}

/** The rendered template with what the dialog changed: its subject, its note. */
function withOverrides(rendered: RenderedEmail, subject: string | undefined): RenderedEmail {
  return subject === undefined ? rendered : { ...rendered, subject };
}

/** Queues an email in its own transaction and wakes this process's sender. */
async function queueAndNudge(db: Db, email: Parameters<typeof queueEmail>[1]) {
  const queued = await inTransaction(db, (trx) => queueEmail(trx, email));
  nudgeOutbox();
  return { emailId: queued.emailId, status: queued.status };
}

type DocumentEmailData = InvoiceEmailData & { idempotencyKey?: string };

/**
 * Queues the email of a document (invoice, order, credit note) with its PDF: the template as
 * drafted, with what the dialog changed (To, Cc, subject); a repeated Idempotency-Key answers the
 * first email of that kind.
 */
function emailDocument(
  db: Db,
  doc: {
    kind: 'invoice' | 'order' | 'credit_note';
    id: number;
    pharmacyId: number;
    pdf: EmailAttachment['kind'];
  },
  drafted: { rendered: RenderedEmail; to: string[] },
  data: DocumentEmailData,
  actor: Actor,
) {
  return queueAndNudge(db, {
    kind: doc.kind,
    entityType: doc.kind,
    entityId: doc.id,
    pharmacyId: doc.pharmacyId,
    to: data.to?.length ? data.to : drafted.to,
    cc: data.cc ?? [],
    ...withOverrides(drafted.rendered, data.subject),
    attachments: [{ kind: doc.pdf, id: doc.id }],
    idempotencyKey: data.idempotencyKey ? `${doc.kind}:${data.idempotencyKey}` : null,
    createdBy: actor.id,
  });
}

export async function emailInvoice(db: Db, id: number, data: DocumentEmailData, actor: Actor) {
  const drafted = await invoiceEmail(db, id, data.message);
  const { invoice, pharmacy } = drafted;
  return emailDocument(
    db,
    { kind: 'invoice', id: invoice.id, pharmacyId: pharmacy.id, pdf: 'invoice-pdf' },
    drafted,
    data,
    actor,
  );
}

export async function emailOrder(db: Db, id: number, data: DocumentEmailData, actor: Actor) {
  const drafted = await orderEmail(db, id, data.message);
  const { order } = drafted;
  return emailDocument(
    db,
    { kind: 'order', id: order.id, pharmacyId: order.pharmacyId, pdf: 'order-pdf' },
    drafted,
    data,
    actor,
  );
}

export async function emailCreditNote(db: Db, id: number, data: DocumentEmailData, actor: Actor) {
  const drafted = await creditNoteEmail(db, id, data.message);
  const { note, pharmacy } = drafted;
  return emailDocument(
    db,
    { kind: 'credit_note', id: note.id, pharmacyId: pharmacy.id, pdf: 'credit-note-pdf' },
    drafted,
    data,
    actor,
  );
}

export async function emailStatement(
  db: Db,
  pharmacyId: number,
  data: StatementEmailData,
  actor: Actor,
) {
  const period = { from: data.from, to: data.to };
  const { pharmacy, rendered, to } = await statementEmail(db, pharmacyId, period, data.message);
  const email = withOverrides(rendered, data.subject);
  return queueAndNudge(db, {
    kind: 'statement',
    entityType: 'pharmacy',
    entityId: pharmacy.id,
    pharmacyId: pharmacy.id,
    to: data.recipients?.length ? data.recipients : to,
    cc: data.cc ?? [],
    ...email,
    attachments: [{ kind: 'statement-pdf', id: pharmacy.id, ...period }],
    createdBy: actor.id,
  });
}

const SUMMARY = [
  'id',
  'kind',
  'entityType',
  'entityId',
  'pharmacyId',
  'toAddresses',
  'ccAddresses',
  'subject',
  'status',
  'attempts',
  'nextAttemptAt',
  'lastError',
  'messageId',
  'attachments',
  'createdAt',
  'sentAt',
] as const;

/**
 * The number of the record an email is about, for the outbox to name it by: read by primary key,
 * as many times as the page has rows.
 */
const entityNumber = sql<string | null>`case emails.entity_type
  when 'invoice' then (select invoice_number from invoices where id = emails.entity_id)
  when 'order' then (select order_number from orders where id = emails.entity_id)
  when 'credit_note' then (select credit_note_number from credit_notes where id = emails.entity_id)
  when 'recall' then (select recall_number from recalls where id = emails.entity_id)
end`.as('entityNumber');

interface SummaryRow {
  id: number;
  kind: string;
  entityType: string | null;
  entityId: number | null;
  entityNumber: string | null;
  pharmacyId: number | null;
  toAddresses: string[];
  ccAddresses: string[];
  subject: string;
  status: EmailStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  messageId: string | null;
  attachments: EmailAttachment[];
  createdAt: string;
  sentAt: string | null;
}

function summary(row: SummaryRow): EmailSummary {
  return {
    id: row.id,
    kind: row.kind,
    entity:
      row.entityType && row.entityId
        ? { type: row.entityType, id: row.entityId, number: row.entityNumber }
        : null,
    pharmacyId: row.pharmacyId,
    to: row.toAddresses,
    cc: row.ccAddresses,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt : null,
    lastError: row.lastError,
    messageId: row.messageId,
    attachments: row.attachments.map((a) => ({
      kind: a.kind,
      id: a.id,
      filename: a.filename ?? null,
      sha256: a.sha256 ?? null,
      size: a.size ?? null,
    })),
    createdAt: row.createdAt,
    sentAt: row.sentAt,
  };
}

/**
 * Invitation emails carry a sign-up link with a role: only who may invite sees them, or anyone
 * reading the outbox could accept an admin's invitation.
 */
const seesInvitations = (actor: Actor) => can(actor.role, 'users.manage');

/** The outbox and sent log, newest first. */
export async function listEmails(
  db: Db,
  query: EmailListQuery,
  actor: Actor,
): Promise<EmailSummary[]> {
  let q = db.selectFrom('emails').select([...SUMMARY, entityNumber]);
  if (query.status) q = q.where('status', '=', query.status);
  if (query.entityType) q = q.where('entityType', '=', query.entityType);
  if (query.entityId) q = q.where('entityId', '=', query.entityId);
  if (!seesInvitations(actor)) q = q.where('kind', '<>', 'invitation');
  const rows = await q.orderBy('id', 'desc').limit(query.limit).execute();
  return rows.map(summary);
}

export async function getEmail(db: Db, id: number, actor: Actor): Promise<EmailDetail> {
  const row = await db
    .selectFrom('emails')
    .select([...SUMMARY, entityNumber, 'bodyText', 'bodyHtml'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || (row.kind === 'invitation' && !seesInvitations(actor))) throw notFound('Email');
  return { ...summary(row), bodyText: row.bodyText, bodyHtml: row.bodyHtml };
}

/** Who may send an email again: who may send one of its kind. */
function authorizeKind(actor: Actor, kind: string): void {
  if (kind === 'invitation') authorize(actor.role, 'users.manage');
  else if (kind === 'order') authorize(actor.role, 'emails.orders');
  else authorize(actor.role, 'emails.invoices');
}

/**
 * Send (a held email) or Retry (a failed one): queued again with its tries counted afresh. Only
 * with an SMTP server: without one it would only be held again.
 */
export async function retryEmail(db: Db, id: number, actor: Actor) {
  const result = await inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('emails')
      .select(['id', 'kind', 'status'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row || (row.kind === 'invitation' && !seesInvitations(actor))) throw notFound('Email');
    authorizeKind(actor, row.kind);
    if (row.status === 'sent') {
      throw new DomainError('CONFLICT', 'This email was sent already');
    }
    if (!mailDeliveryEnabled()) {
      throw new DomainError(
        'CONFLICT',
        'No SMTP server is set up (SMTP_URL), so emails cannot be sent yet; they stay in the outbox until one is',
      );
    }
    if (row.status === 'queued' || row.status === 'sending') {
      return { emailId: row.id, status: row.status };
    }
    await trx
      .updateTable('emails')
      .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, claimedAt: null })
      .where('id', '=', id)
      .execute();
    await emailJob(trx, id);
    return { emailId: row.id, status: 'queued' as const };
  });
  nudgeOutbox();
  return result;
}
