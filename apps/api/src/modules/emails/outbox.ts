import type { Db, EmailAttachment, EmailStatus } from '@pharm/db';

/**
 * Whether this process has an SMTP server (SMTP_URL). Without one, emails are written `held`:
 * they wait in the outbox with their preview until a user sends them once a server is set.
 * createServer sets it; scripts and tests without a server leave it off.
 */
let delivering = false;
/** The senders of this process, told when an email may be waiting (sender.ts). */
const wakers = new Set<() => void>();
/**
 * On PostgreSQL, the job queue (pg-boss, lib/jobs/queue.ts): a job to send an email, written
 * through the caller's transaction so that it exists exactly when the email's change commits.
 * Unset on the embedded database, whose in-process sender polls the outbox instead.
 */
export type EnqueueEmailJob = (trx: Db, emailId: number, delayMs: number) => Promise<void>;
let enqueueJob: EnqueueEmailJob | undefined;

export function setMailDelivery(enabled: boolean): void {
  delivering = enabled;
}

export function mailDeliveryEnabled(): boolean {
  return delivering;
}

/** Sets (or clears, with undefined) the job queue that sends queued emails. */
export function setEmailJobs(enqueue: EnqueueEmailJob | undefined): void {
  enqueueJob = enqueue;
}

/**
 * Inside the transaction that makes `emailId` queued (queueing, Retry, a retry after a temporary
 * failure): the job queue's job to send it once `delayMs` has passed. Nothing without a queue.
 */
export async function emailJob(trx: Db, emailId: number, delayMs = 0): Promise<void> {
  await enqueueJob?.(trx, emailId, delayMs);
}

/** Registers a sender's wake-up; returns what unregisters it. */
export function onOutboxNudge(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/**
 * Tells this process's sender to look at the outbox now rather than at its next poll. Call it
 * after the transaction that queued an email has committed; before, the sender cannot see it.
 */
export function nudgeOutbox(): void {
  for (const wake of wakers) wake();
}

export interface EmailToQueue {
  /** 'invoice', 'statement', 'invitation', 'dunning', … (EMAIL_KINDS). */
  kind: string;
  /** The record it is about, for the record's page and `GET /api/emails?entityType=&entityId=`. */
  entityType?: string | null;
  entityId?: number | null;
  pharmacyId?: number | null;
  to: string[];
  cc?: string[];
  subject: string;
  bodyText: string;
  bodyHtml: string;
  /**
   * Rendered when the email is sent, never before: `{ kind: 'invoice-pdf', id }`,
   * `{ kind: 'recall-letter', id, pharmacyId }`.
   */
  attachments?: Pick<EmailAttachment, 'kind' | 'id' | 'pharmacyId' | 'from' | 'to'>[];
  /** A second call with the same key answers the first email instead of queueing another. */
  idempotencyKey?: string | null;
  createdBy?: string | null;
}

export interface QueuedEmailRef {
  emailId: number;
  status: EmailStatus;
  /** False when the idempotency key found an email queued before. */
  created: boolean;
}

/**
 * Writes an email into the outbox inside the caller's transaction (`trx`), so the email exists
 * exactly when the business change that asks for it commits. It is `queued` for this process's
 * sender, or `held` when no SMTP server is configured. Call `nudgeOutbox()` after the commit.
 */
export async function queueEmail(trx: Db, email: EmailToQueue): Promise<QueuedEmailRef> {
  const status: EmailStatus = delivering ? 'queued' : 'held';
  const row = await trx
    .insertInto('emails')
    .values({
      kind: email.kind,
      entityType: email.entityType ?? null,
      entityId: email.entityId ?? null,
      pharmacyId: email.pharmacyId ?? null,
      toAddresses: email.to,
      ccAddresses: email.cc ?? [],
      subject: email.subject,
      bodyText: email.bodyText,
      bodyHtml: email.bodyHtml,
      attachments: JSON.stringify(email.attachments ?? []),
      idempotencyKey: email.idempotencyKey ?? null,
      status,
      createdBy: email.createdBy ?? null,
    })
    .onConflict((oc) => oc.column('idempotencyKey').doNothing())
    .returning(['id', 'status'])
    .executeTakeFirst();
  if (row) {
    if (row.status === 'queued') await emailJob(trx, row.id);
    return { emailId: row.id, status: row.status, created: true };
  }
  const existing = await trx
    .selectFrom('emails')
    .select(['id', 'status'])
    .where('idempotencyKey', '=', email.idempotencyKey!)
    .executeTakeFirstOrThrow();
  return { emailId: existing.id, status: existing.status, created: false };
}
