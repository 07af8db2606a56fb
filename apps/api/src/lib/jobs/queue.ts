import type { Db } from '@pharm/db';
import { fromKysely, PgBoss } from 'pg-boss';

/** One job per queued email: `{ emailId }`. */
const EMAIL = 'email';
/** Every minute: the queued emails whose job is lost (queued before the queue existed). */
const EMAIL_SWEEP = 'email-sweep';
/** Hourly: today's dunning and monthly statements, once a day by their daily_job_runs row. */
const DAILY = 'daily-jobs';
/** A queued email due this long ago without being sent is the sweep's: its own job should have. */
const SWEEP_LATE_MS = 2 * 60_000;

export interface JobHandlers {
  /** Sends the email if it is still queued (OutboxSender.sendOne); none without SMTP. */
  sendEmail?: (emailId: number) => Promise<unknown>;
  /** Sends the queued emails due `lateByMs` ago or more (OutboxSender.drain). */
  sweepEmails?: (lateByMs: number) => Promise<unknown>;
  daily: () => Promise<unknown>;
}

type Log = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * The job queue on PostgreSQL (issue 28, decisions.md §10): pg-boss, in the application's own
 * database (schema `pgboss`, created and migrated by pg-boss itself on start), on a small pool of
 * its own. Jobs are sent through the caller's transaction (`enqueueEmail`), so a change that rolls
 * back queues nothing. The outbox row stays the source of truth: a job only says "send email N",
 * and the sender's FOR UPDATE SKIP LOCKED claim on the row is what makes one process send it once
 * even when two jobs or processes reach it.
 *
 * Not on the embedded database: pg-boss 12 runs on PGlite (fromPglite), but on PGlite's one
 * session its statements interleave with the app's open transactions, and one of its own
 * BEGIN…COMMIT blocks commits an app transaction half-way (README, "Email").
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private started: Promise<void> | undefined;
  private working = false;

  constructor(
    url: string,
    private readonly log?: Log,
  ) {
    this.boss = new PgBoss({
      connectionString: url,
      schema: 'pgboss',
      max: 4,
      application_name: 'pharmsupply-jobs',
      // A queued email wakes a worker at once instead of at its next poll.
      useListenNotify: true,
    });
    this.boss.on('error', (err: unknown) => this.log?.error({ err }, 'the job queue failed'));
    this.boss.on('warning', (warning: unknown) =>
      this.log?.warn({ warning }, 'the job queue warns'),
    );
  }

  /** Starts pg-boss (its schema made or migrated) and its queues; jobs can be sent from then on. */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start();
      // A handler that throws (the database unreachable) is tried again by pg-boss; what the SMTP
      // server answers is the outbox's own retry (sender.ts), never a pg-boss retry.
      await this.boss.createQueue(EMAIL, {
        notify: true,
        retryLimit: 5,
        retryDelay: 30,
        retryBackoff: true,
      });
      await this.boss.createQueue(EMAIL_SWEEP, { retryLimit: 0 });
      await this.boss.createQueue(DAILY, { retryLimit: 0 });
    })();
    return this.started;
  }

  /** The job that sends `emailId` after `delayMs`, written through `trx` (outbox.ts). */
  readonly enqueueEmail = async (trx: Db, emailId: number, delayMs: number): Promise<void> => {
    await this.boss.send(
      EMAIL,
      { emailId },
      // pg-boss counts whole seconds; a retry a moment late is no harm.
      { db: fromKysely(trx), startAfter: delayMs > 0 ? Math.ceil(delayMs / 1000) : undefined },
    );
  };

  /** This process works the queues from now on; cron schedules are fired by one process. */
  async work(handlers: JobHandlers): Promise<void> {
    await this.start();
    this.working = true;
    const { sendEmail, sweepEmails } = handlers;
    if (sendEmail) {
      await this.boss.work<{ emailId: number }>(EMAIL, { batchSize: 1 }, async ([job]) => {
        await sendEmail(job!.data.emailId);
      });
    }
    if (sweepEmails) {
      await this.boss.work(EMAIL_SWEEP, async () => {
        await sweepEmails(SWEEP_LATE_MS);
      });
      await this.boss.schedule(EMAIL_SWEEP, '* * * * *');
    }
    await this.boss.work(DAILY, async () => {
      await handlers.daily();
    });
    // After an outage the hour missed runs once at the start, not once per hour missed.
    await this.boss.schedule(DAILY, '0 * * * *', null, { missed: 'once' });
  }

  /** Waits for the jobs under way (up to 20 s), then closes pg-boss's connections. */
  async stop(): Promise<void> {
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: this.working, timeout: 20_000 });
  }
}
