import { createHash } from 'node:crypto';
import type { Db, EmailAttachment } from '@pharm/db';
import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import { DomainError } from '../../lib/domain-error.js';
import type { HeavyWork } from '../../lib/workers/pool.js';
import { creditNotePdf } from '../credit-notes/pdf.js';
import { getCreditNote } from '../credit-notes/service.js';
import { getInvoice } from '../invoices/service.js';
import { invoicePdf } from '../invoices/pdf.js';
import { orderPdf } from '../orders/pdf.js';
import { getOrder } from '../orders/service.js';
import { getPharmacy } from '../pharmacies/service.js';
import { markNoticeEmailed, RECALL_NOTICE_EMAIL } from '../recalls/emails.js';
import { recallLetterFilename, recallLetterPdf } from '../recalls/pdf.js';
import { recallLetterData } from '../recalls/service.js';
import { statementFilename, statementPdf } from '../statements/pdf.js';
import { pharmacyStatement } from '../statements/service.js';
import { emailJob, onOutboxNudge } from './outbox.js';

/** Waits before the 2nd, 3rd, … try of a temporary failure (4xx, no connection); then `failed`. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000];
/** How often the outbox is looked at when nothing nudged it (another process queued an email). */
const POLL_MS = 5_000;
/**
 * A row `sending` this long belongs to a process that stopped mid-send: whether the SMTP server
 * accepted it is unknown, so it becomes `failed` for a person to retry, never resent by itself.
 */
const STALE_SENDING_MS = 10 * 60_000;

export const INTERRUPTED =
  'Sending was interrupted (the server stopped); the SMTP server may or may not have accepted it. Retry to send it again.';

export interface OutboxSenderOptions {
  db: Db;
  /** SMTP_URL, or a transport of one's own (tests). */
  transport: Transporter;
  /** MAIL_FROM */
  from: string;
  heavyWork: HeavyWork;
  retryDelaysMs?: readonly number[];
  pollMs?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export function smtpTransport(url: string): Transporter {
  // Bounded: a silent server must not hold a row in `sending` for long.
  return nodemailer.createTransport(url, {
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  } as never);
}

interface Claimed {
  id: number;
  kind: string;
  entityId: number | null;
  pharmacyId: number | null;
  createdBy: string | null;
  toAddresses: string[];
  ccAddresses: string[];
  subject: string;
  bodyText: string;
  bodyHtml: string;
  attachments: EmailAttachment[];
  attempts: number;
}

interface SmtpError {
  responseCode?: number;
  response?: string;
  message?: string;
}

/** A failure worth trying again: an SMTP 4xx reply, or no reply at all (no connection, timeout). */
function isTemporary(error: SmtpError): boolean {
  const code = error.responseCode;
  return code === undefined || (code >= 400 && code < 500);
}

const describe = (error: SmtpError) =>
  (error.response ?? error.message ?? String(error)).slice(0, 2000);

/**
 * The outbox's sender (issue 28, decisions.md §10): one per API process. It claims one due
 * `queued` row at a time with FOR UPDATE SKIP LOCKED in a statement of its own, marking it
 * `sending` and counting the attempt, so that of several processes exactly one takes each
 * email; then renders the attachments, hands the mail to the SMTP server, and records the
 * answer. `sent` is written only after the server accepted the mail. No transaction is held
 * open while talking to the server: the embedded database has one connection for everyone.
 */
export class OutboxSender {
  private readonly db: Db;
  private readonly transport: Transporter;
  private readonly from: string;
  private readonly heavyWork: HeavyWork;
  private readonly retryDelaysMs: readonly number[];
  private readonly pollMs: number;
  private readonly log: OutboxSenderOptions['log'];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private closing = false;
  private unsubscribe: (() => void) | undefined;

  constructor(options: OutboxSenderOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.from = options.from;
    this.heavyWork = options.heavyWork;
    this.retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.pollMs = options.pollMs ?? POLL_MS;
    this.log = options.log;
  }

  start(): void {
    this.stopped = false;
    this.unsubscribe = onOutboxNudge(() => this.wake());
    this.wake();
  }

  /** Stops polling and waits for the email being sent, if any. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.closing = true;
    this.unsubscribe?.();
    clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }

  /** Looks at the outbox now; a look already under way looks once more when it ends. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .then(() => undefined)
      .catch((err: unknown) => this.log?.error({ err }, 'the outbox sender failed'))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.wake();
        } else {
          this.timer = setTimeout(() => this.wake(), this.pollMs);
          this.timer.unref();
        }
      });
  }

  /**
   * Sends every email due now, one after another; answers how many it took. `lateByMs` leaves
   * alone what fell due less than that long ago: on PostgreSQL each queued email has a job of its
   * own, and the sweep (lib/jobs/queue.ts) only sends what lost its job.
   */
  async drain(lateByMs = 0): Promise<number> {
    await this.failInterrupted();
    let taken = 0;
    for (;;) {
      // Stopping: the email under way is finished, no other is started.
      if (this.closing) return taken;
      const email = await this.claim(lateByMs);
      if (!email) return taken;
      taken += 1;
      await this.deliver(email);
    }
  }

  /**
   * Sends email `id` if it is still queued (a job of the queue on PostgreSQL): claimed as drain()
   * claims, so that of two jobs or processes for one email only one sends it. Its job is what says
   * when, so it is taken even a moment before its next_attempt_at (the two clocks differ).
   */
  async sendOne(id: number): Promise<boolean> {
    if (this.closing) return false;
    const email = await this.claim(0, id);
    if (email) await this.deliver(email);
    return email !== undefined;
  }

  private async failInterrupted(): Promise<void> {
    await this.db
      .updateTable('emails')
      .set({ status: 'failed', lastError: INTERRUPTED })
      .where('status', '=', 'sending')
      .where('claimedAt', '<', sql<string>`now() - ${`${STALE_SENDING_MS} milliseconds`}::interval`)
      .execute();
  }

  private async claim(lateByMs: number, id?: number): Promise<Claimed | undefined> {
    const due =
      id === undefined
        ? sql`next_attempt_at <= now() - ${`${lateByMs} milliseconds`}::interval`
        : sql`id = ${id}`;
    const { rows } = await sql<Claimed>`
      update emails
         set status = 'sending', attempts = attempts + 1, claimed_at = now()
       where status = 'queued'
         and id = (select id from emails
                    where status = 'queued' and ${due}
                    order by next_attempt_at, id
                    limit 1
                    for update skip locked)
      returning id, kind, entity_id as "entityId", pharmacy_id as "pharmacyId",
                created_by as "createdBy", to_addresses as "toAddresses", cc_addresses as "ccAddresses", subject,
                body_text as "bodyText", body_html as "bodyHtml", attachments, attempts`.execute(
      this.db,
    );
    return rows[0];
  }

  /** The attachment's bytes as they are now, with its file name. */
  private async render(attachment: EmailAttachment): Promise<{ filename: string; body: Buffer }> {
    if (attachment.kind === 'invoice-pdf') {
      const invoice = await getInvoice(this.db, attachment.id);
      return {
        filename: `invoice-${invoice.invoiceNumber}.pdf`,
        body: await this.heavyWork.run(invoicePdf, invoice),
      };
    }
    if (attachment.kind === 'recall-letter') {
      const letter = await recallLetterData(this.db, attachment.id, attachment.pharmacyId ?? 0);
      return {
        filename: recallLetterFilename(letter.recall, letter.entry),
        body: await this.heavyWork.run(recallLetterPdf, letter),
      };
    }
    if (attachment.kind === 'order-pdf') {
      const order = await getOrder(this.db, attachment.id);
      return {
        filename: `order-${order.orderNumber}.pdf`,
        body: await this.heavyWork.run(orderPdf, order),
      };
    }
    if (attachment.kind === 'credit-note-pdf') {
      // As GET /api/credit-notes/{id}/download renders it.
      const note = await getCreditNote(this.db, attachment.id);
      const addressee = await getPharmacy(this.db, note.pharmacyId);
      return {
        filename: `credit-note-${note.number}.pdf`,
        body: await this.heavyWork.run(creditNotePdf, { note, addressee }),
      };
    }
    const statement = await pharmacyStatement(this.db, {
      id: attachment.id,
      from: attachment.from,
      to: attachment.to,
    });
    const billTo = await getPharmacy(this.db, attachment.id);
    return {
      filename: statementFilename(statement),
      body: await this.heavyWork.run(statementPdf, { statement, billTo }),
    };
  }

  private async deliver(email: Claimed): Promise<void> {
    let files: { filename: string; body: Buffer }[];
    try {
      files = await Promise.all(email.attachments.map((a) => this.render(a)));
    } catch (error) {
      // A record gone is for good; a busy worker pool is for later.
      const temporary = error instanceof DomainError && error.code === 'UNAVAILABLE';
      await this.recordFailure(email, `Attachment: ${(error as Error).message}`, temporary);
      return;
    }
    const attachments = email.attachments.map((a, i) => ({
      ...a,
      filename: files[i]!.filename,
      sha256: createHash('sha256').update(files[i]!.body).digest('hex'),
      size: files[i]!.body.length,
    }));
    let info: { messageId: string; rejected?: unknown[] };
    try {
      info = await this.transport.sendMail({
        from: this.from,
        to: email.toAddresses,
        cc: email.ccAddresses.length ? email.ccAddresses : undefined,
        subject: email.subject,
        text: email.bodyText,
        html: email.bodyHtml,
        attachments: files.map((f) => ({
          filename: f.filename,
          content: f.body,
          contentType: 'application/pdf',
        })),
      });
    } catch (error) {
      const smtp = error as SmtpError;
      await this.recordFailure(email, describe(smtp), isTemporary(smtp));
      return;
    }
    const rejected = (info.rejected ?? []).map(String);
    // What the accepted mail settles is written with `sent`, in one transaction: a recall's
    // notice is notified by email exactly when its email is sent (recalls/emails.ts), and not
    // when the server refused its address.
    await this.db.transaction().execute(async (trx) => {
      if (email.kind === RECALL_NOTICE_EMAIL && !rejected.length) {
        await markNoticeEmailed(trx, email);
      }
      await trx
        .updateTable('emails')
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          messageId: info.messageId,
          attachments: JSON.stringify(attachments),
          lastError: rejected.length ? `Refused by the server: ${rejected.join(', ')}` : null,
        })
        .where('id', '=', email.id)
        .execute();
    });
  }

  private async recordFailure(email: Claimed, reason: string, temporary: boolean): Promise<void> {
    const delay = this.retryDelaysMs[email.attempts - 1];
    const retry = temporary && delay !== undefined;
    // The retry's job (PostgreSQL) is written with the row that says when: both or neither.
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('emails')
        .set({
          status: retry ? 'queued' : 'failed',
          lastError: reason,
          nextAttemptAt: retry ? sql`now() + ${`${delay} milliseconds`}::interval` : sql`now()`,
        })
        .where('id', '=', email.id)
        .execute();
      if (retry) await emailJob(trx, email.id, delay);
    });
    if (!retry) this.log?.warn({ emailId: email.id, reason }, 'an email could not be sent');
  }
}
