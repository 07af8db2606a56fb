import { sql, type Kysely } from 'kysely';

/**
 * Email (issue 28).
 *
 * `emails`: the outbox and the sent log in one table. A row is written in the transaction of the
 * business change that asks for it, so an email exists exactly when its change committed. The
 * API's poller claims `queued` rows (FOR UPDATE SKIP LOCKED, status `sending`) and records what
 * the SMTP server answered: `sent` with its message id only when the server accepted the mail.
 * `held`: written while no SMTP server is configured; sent only when a user asks. `attachments`
 * name what to render at send time (`[{ kind, id, ... }]`); once rendered each gets its sha256
 * and size, so the log says which bytes went out. `idempotency_key`: a second request for the
 * same mail (a reminder run twice) finds the first row instead of queueing another.
 *
 * `email_templates`: subject and bodies per kind, with `{placeholders}`; one row per kind is
 * written here, and other kinds (dunning levels) add rows of their own.
 *
 * `pharmacies.billing_email`: where invoices and statements go; the pharmacy's email when unset.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table emails (
      id integer generated always as identity primary key,
      kind varchar(30) not null,
      entity_type varchar(30),
      entity_id integer,
      pharmacy_id integer references pharmacies (id) on delete set null,
      to_addresses text[] not null,
      cc_addresses text[] not null default '{}',
      subject varchar(998) not null,
      body_text text not null,
      body_html text not null,
      attachments jsonb not null default '[]',
      idempotency_key varchar(200)
        constraint emails_idempotency_key_key unique,
      status varchar(10) not null
        constraint emails_status_check
        check (status in ('queued', 'sending', 'sent', 'failed', 'held')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      claimed_at timestamptz,
      last_error text,
      message_id text,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      constraint emails_to_check check (cardinality(to_addresses) >= 1),
      constraint emails_sent_check check ((status = 'sent') = (sent_at is not null))
    )`.execute(db);
  // The poller's probe: only the rows waiting to go.
  await sql`
    create index emails_due_idx on emails (next_attempt_at, id) where status = 'queued'`.execute(
    db,
  );
  await sql`create index emails_entity_idx on emails (entity_type, entity_id, id)`.execute(db);
  await sql`create index emails_status_idx on emails (status, id)`.execute(db);

  await sql`
    create table email_templates (
      id integer generated always as identity primary key,
      kind varchar(30) not null,
      name varchar(100) not null,
      subject varchar(998) not null,
      body_text text not null,
      body_html text not null,
      updated_by uuid references users (id) on delete set null,
      updated_at timestamptz not null default now(),
      constraint email_templates_kind_name_key unique (kind, name)
    )`.execute(db);
  await sql`
    insert into email_templates (kind, name, subject, body_text, body_html) values
    ('invoice', 'Invoice',
     'Invoice {invoiceNumber} from {company}',
     ${INVOICE_TEXT}, ${INVOICE_HTML}),
    ('order', 'Order',
     'Order {orderNumber} from {company}',
     ${ORDER_TEXT}, ${ORDER_HTML}),
    ('statement', 'Statement',
     'Statement of account for {pharmacy}',
     ${STATEMENT_TEXT}, ${STATEMENT_HTML}),
    ('invitation', 'Invitation',
     'You are invited to {company}',
     ${INVITATION_TEXT}, ${INVITATION_HTML})`.execute(db);

  await sql`alter table pharmacies add column billing_email varchar(255)`.execute(db);
}

const INVOICE_TEXT = `Dear {pharmacy},

Please find attached invoice {invoiceNumber} for {total}, due on {dueDate}.

{message}

Thank you for your business.
{company}`;
const INVOICE_HTML = `<p>Dear {pharmacy},</p>
<p>Please find attached invoice <strong>{invoiceNumber}</strong> for {total}, due on {dueDate}.</p>
<p>{message}</p>
<p>Thank you for your business.<br>{company}</p>`;

const ORDER_TEXT = `Dear {pharmacy},

Please find attached order {orderNumber} of {orderDate} for {total}.

{message}

{company}`;
const ORDER_HTML = `<p>Dear {pharmacy},</p>
<p>Please find attached order <strong>{orderNumber}</strong> of {orderDate} for {total}.</p>
<p>{message}</p>
<p>{company}</p>`;

const STATEMENT_TEXT = `Dear {pharmacy},

Please find attached your statement of account from {from} to {to}. Your balance is {balance}.

{message}

{company}`;
const STATEMENT_HTML = `<p>Dear {pharmacy},</p>
<p>Please find attached your statement of account from {from} to {to}. Your balance is <strong>{balance}</strong>.</p>
<p>{message}</p>
<p>{company}</p>`;

const INVITATION_TEXT = `Hello,

{inviter} invited you to {company} as {role}. Create your account with this link (valid until {expiresAt}):

{link}`;
const INVITATION_HTML = `<p>Hello,</p>
<p>{inviter} invited you to {company} as {role}. Create your account with this link (valid until {expiresAt}):</p>
<p><a href="{link}">{link}</a></p>`;
