import { sql, type Kysely } from 'kysely';

/**
 * Dunning and monthly statements (issue 28 items 5 and 6, decisions.md §10).
 *
 * `dunning_levels`: level 1, 2, … in order of `days` after the due date (negative: a reminder
 * before it), each with its email template, whether the statement PDF goes with it, and an
 * optional fee. The due level is derived each day from the due dates; nothing stores when the
 * next reminder goes, so after an outage only the level due today is sent.
 *
 * `dunning_notices`: one per pharmacy and run, listing its overdue invoices as they were (`items`),
 * a draft until approved or skipped (or queued at once with auto-send); `email_id` is the outbox
 * row approval wrote. `dunning_marks` (invoice, level) is what makes "at most one notice per
 * invoice and level" a constraint rather than a hope.
 *
 * `dunning_fees`: a fee is a document of its own, never an edit of the invoice.
 *
 * `daily_job_runs`: a row per job and day, inserted by the run's transaction, so of several API
 * processes one runs each day's job (the others find the row and stop).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table pharmacies add column dunning_paused boolean not null default false`.execute(
    db,
  );
  await sql`
    alter table business_settings
      add column dunning_enabled boolean not null default false,
      add column dunning_auto_send boolean not null default false,
      add column monthly_statements boolean not null default false`.execute(db);

  await sql`
    create table dunning_levels (
      level integer primary key constraint dunning_levels_level_check check (level between 1 and 10),
      days integer not null constraint dunning_levels_days_key unique,
      template_id integer not null references email_templates (id),
      attach_statement boolean not null default false,
      fee numeric(12, 2) constraint dunning_levels_fee_check check (fee is null or fee > 0)
    )`.execute(db);

  await sql`
    create table dunning_notices (
      id integer generated always as identity primary key,
      pharmacy_id integer not null references pharmacies (id) on delete cascade,
      level integer not null,
      run_date date not null,
      status varchar(10) not null
        constraint dunning_notices_status_check
        check (status in ('draft', 'queued', 'skipped', 'cancelled')),
      items jsonb not null,
      total numeric(14, 2) not null,
      fee numeric(12, 2),
      email_id integer references emails (id) on delete set null,
      decided_by uuid references users (id) on delete set null,
      decided_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index dunning_notices_status_idx on dunning_notices (status, id)`.execute(db);
  await sql`create index dunning_notices_pharmacy_idx on dunning_notices (pharmacy_id, id)`.execute(
    db,
  );

  await sql`
    create table dunning_marks (
      invoice_id integer not null references invoices (id) on delete cascade,
      level integer not null,
      notice_id integer not null references dunning_notices (id) on delete cascade,
      constraint dunning_marks_pkey primary key (invoice_id, level)
    )`.execute(db);

  await sql`
    create table dunning_fees (
      id integer generated always as identity primary key,
      pharmacy_id integer not null references pharmacies (id) on delete cascade,
      notice_id integer not null constraint dunning_fees_notice_key unique
        references dunning_notices (id) on delete cascade,
      date date not null,
      amount numeric(12, 2) not null constraint dunning_fees_amount_check check (amount > 0),
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table daily_job_runs (
      job varchar(30) not null,
      run_date date not null,
      created_at timestamptz not null default now(),
      constraint daily_job_runs_pkey primary key (job, run_date)
    )`.execute(db);

  await sql`
    insert into email_templates (kind, name, subject, body_text, body_html) values
    ('dunning', 'Friendly reminder', 'Upcoming payment due to {company}', ${FRIENDLY_TEXT}, ${FRIENDLY_HTML}),
    ('dunning', 'Payment reminder', 'Payment reminder from {company}: {balance} overdue', ${REMINDER_TEXT}, ${REMINDER_HTML}),
    ('dunning', 'Final notice', 'Final notice from {company}: {balance} overdue', ${FINAL_TEXT}, ${FINAL_HTML}),
    ('monthly_statement', 'Monthly statement', 'Your open items with {company} on {date}', ${MONTHLY_TEXT}, ${MONTHLY_HTML})`.execute(
    db,
  );
  // Levels ready to switch on (dunning itself is off): 3 days before, 15 and 30 days after.
  await sql`
    insert into dunning_levels (level, days, template_id, attach_statement)
    select l.level, l.days, t.id, l.attach
      from (values (1, -3, 'Friendly reminder', false), (2, 15, 'Payment reminder', true),
                   (3, 30, 'Final notice', true)) as l (level, days, name, attach)
      join email_templates t on t.kind = 'dunning' and t.name = l.name`.execute(db);
}

const FRIENDLY_TEXT = `Dear {pharmacy},

A friendly reminder that the following invoices fall due soon:

{invoices}

Total: {balance}

{company}`;
const FRIENDLY_HTML = `<p>Dear {pharmacy},</p>
<p>A friendly reminder that the following invoices fall due soon:</p>
<p>{invoices}</p>
<p>Total: <strong>{balance}</strong></p>
<p>{company}</p>`;

const REMINDER_TEXT = `Dear {pharmacy},

Our records show these invoices as overdue:

{invoices}

Total overdue: {balance}
{fee}
Please arrange payment at your earliest convenience, or ignore this reminder if you have paid already.

{company}`;
const REMINDER_HTML = `<p>Dear {pharmacy},</p>
<p>Our records show these invoices as overdue:</p>
<p>{invoices}</p>
<p>Total overdue: <strong>{balance}</strong></p>
<p>{fee}</p>
<p>Please arrange payment at your earliest convenience, or ignore this reminder if you have paid already.</p>
<p>{company}</p>`;

const FINAL_TEXT = `Dear {pharmacy},

Despite our reminders these invoices remain unpaid:

{invoices}

Total overdue: {balance}
{fee}
Please pay within 7 days to avoid your account being placed on hold.

{company}`;
const FINAL_HTML = `<p>Dear {pharmacy},</p>
<p>Despite our reminders these invoices remain unpaid:</p>
<p>{invoices}</p>
<p>Total overdue: <strong>{balance}</strong></p>
<p>{fee}</p>
<p>Please pay within 7 days to avoid your account being placed on hold.</p>
<p>{company}</p>`;

const MONTHLY_TEXT = `Dear {pharmacy},

Your open items on {date}:

{invoices}

Balance: {balance}

Aging: {aging}

{company}`;
const MONTHLY_HTML = `<p>Dear {pharmacy},</p>
<p>Your open items on {date}:</p>
<p>{invoices}</p>
<p>Balance: <strong>{balance}</strong></p>
<p>Aging: {aging}</p>
<p>{company}</p>`;
