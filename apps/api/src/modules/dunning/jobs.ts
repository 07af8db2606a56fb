import type { Db } from '@pharm/db';
import { formatUsd, fromCents, lastFullMonth, sumCents, toCents } from '@pharm/validators';
import { sql } from 'kysely';
import { inTransaction } from '../../lib/db/transaction.js';
import { SUPPLIER } from '../../lib/pdf/theme.js';
import { nudgeOutbox, queueEmail } from '../emails/outbox.js';
import { renderTemplate, templateOf } from '../emails/templates.js';
import { daysFrom, runDunning, systemClock, type Clock } from './service.js';

export type DailyJob = 'dunning' | 'monthly_statements';

/**
 * Runs `work` for `job` and `today` unless a process ran it already: the run's row in
 * daily_job_runs is inserted in the same transaction, so a second process blocks on it until the
 * first commits and then finds it (and a run that failed left no row: the next check retries).
 */
async function once(
  db: Db,
  job: DailyJob,
  today: string,
  work: (trx: Db) => Promise<number>,
): Promise<number | null> {
  return inTransaction(db, async (trx) => {
    const claimed = await trx
      .insertInto('dailyJobRuns')
      .values({ job, runDate: today })
      .onConflict((oc) => oc.columns(['job', 'runDate']).doNothing())
      .returning('job')
      .executeTakeFirst();
    return claimed ? work(trx) : null;
  });
}

/**
 * Monthly statements (issue 28 item 6), on the 1st: each pharmacy with open invoices is emailed
 * its open items and their aging, never what is paid, with the PDF of the month that ended (the
 * statement download's for that period, rendered when the email is sent).
 */
export async function runMonthlyStatements(trx: Db, today: string): Promise<number> {
  const open = await trx
    .selectFrom('invoices as i')
    .innerJoin('pharmacies as p', 'p.id', 'i.pharmacyId')
    .select([
      'i.pharmacyId',
      'p.name',
      sql<string>`coalesce(p.billing_email, p.email)`.as('to'),
      'i.invoiceNumber',
      sql<string>`i.invoice_date::text`.as('invoiceDate'),
      sql<string>`i.due_date::text`.as('dueDate'),
      sql<string>`i.balance::text`.as('balance'),
    ])
    .where('i.status', 'in', ['Unpaid', 'Partially Paid'])
    .where('i.balance', '>', '0')
    .orderBy('i.pharmacyId')
    .orderBy('i.dueDate')
    .orderBy('i.id')
    .execute();
  if (open.length === 0) return 0;
  const template = await templateOf(trx, 'monthly_statement');
  const byPharmacy = new Map<number, typeof open>();
  for (const row of open)
    byPharmacy.set(row.pharmacyId, [...(byPharmacy.get(row.pharmacyId) ?? []), row]);
  for (const [pharmacyId, rows] of byPharmacy) {
    // The reports' buckets, by days past due today.
    const buckets = { current: [0], days31to60: [0], days61to90: [0], over90: [0] };
    for (const row of rows) {
      const days = daysFrom(row.dueDate, today);
      const bucket =
        days <= 30 ? 'current' : days <= 60 ? 'days31to60' : days <= 90 ? 'days61to90' : 'over90';
      buckets[bucket].push(toCents(row.balance));
    }
    const aging = [
      `current ${formatUsd(fromCents(sumCents(buckets.current)))}`,
      `31–60 days ${formatUsd(fromCents(sumCents(buckets.days31to60)))}`,
      `61–90 days ${formatUsd(fromCents(sumCents(buckets.days61to90)))}`,
      `over 90 days ${formatUsd(fromCents(sumCents(buckets.over90)))}`,
    ].join(', ');
    const rendered = renderTemplate(template, {
      pharmacy: rows[0]!.name,
      date: today,
      invoices: rows
        .map(
          (r) =>
            `${r.invoiceNumber} of ${r.invoiceDate}, due ${r.dueDate}: ${formatUsd(r.balance)}`,
        )
        .join('\n'),
      balance: formatUsd(fromCents(sumCents(rows.map((r) => toCents(r.balance))))),
      aging,
      company: SUPPLIER.name,
    });
    await queueEmail(trx, {
      kind: 'monthly_statement',
      entityType: 'pharmacy',
      entityId: pharmacyId,
      pharmacyId,
      to: [rows[0]!.to],
      ...rendered,
      attachments: [{ kind: 'statement-pdf', id: pharmacyId, ...lastFullMonth(today) }],
      idempotencyKey: `monthly-statement:${pharmacyId}:${today}`,
    });
  }
  return byPharmacy.size;
}

/** Today's dunning run and, on the 1st, the monthly statements: each once across processes. */
export async function runDailyJobs(
  db: Db,
  today: string,
): Promise<{ dunning: number | null; statements: number | null }> {
  const settings = await db
    .selectFrom('businessSettings')
    .select(['dunningEnabled', 'dunningAutoSend', 'monthlyStatements'])
    .executeTakeFirstOrThrow();
  const dunning = settings.dunningEnabled
    ? await once(db, 'dunning', today, (trx) => runDunning(trx, today, settings.dunningAutoSend))
    : null;
  const statements =
    settings.monthlyStatements && today.endsWith('-01')
      ? await once(db, 'monthly_statements', today, (trx) => runMonthlyStatements(trx, today))
      : null;
  if (dunning || statements) nudgeOutbox();
  return { dunning, statements };
}

const HOUR_MS = 3_600_000;

/**
 * Looks hourly (and soon after start) whether today's jobs ran, and runs them if not. Every API
 * process has one; the daily_job_runs row makes one of them do the work.
 */
export class DailyJobs {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = true;

  constructor(
    private readonly db: Db,
    readonly clock: Clock = systemClock,
    private readonly log?: { error(obj: object, msg: string): void },
    private readonly checkMs = HOUR_MS,
  ) {}

  start(firstCheckMs = 60_000): void {
    this.stopped = false;
    this.schedule(firstCheckMs);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runNow().finally(() => this.schedule(this.checkMs));
    }, delay);
    this.timer.unref();
  }

  /** Runs today's jobs now (those not run yet); what each wrote, null for not run. */
  runNow(): Promise<{ dunning: number | null; statements: number | null } | undefined> {
    const run = this.running.then(() =>
      runDailyJobs(this.db, this.clock.today()).catch((error: unknown) => {
        this.log?.error(
          { err: error },
          'the daily jobs failed; they are tried again within the hour',
        );
        return undefined;
      }),
    );
    this.running = run;
    return run;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
