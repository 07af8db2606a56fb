import { sql, type Kysely } from 'kysely';

/**
 * Issue 30 item 4, "Email notices": a recall's notice remembers the email that carries its letter
 * (`email_id`, the outbox's row), so the recall page shows where that email is and a second
 * "Email notices" does not queue another while one waits. The notice becomes notified (channel
 * email) in the transaction that records the email as sent (modules/emails/sender.ts), never
 * before. The template is editable in Settings like the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table recall_notices
      add column email_id integer references emails (id) on delete set null`.execute(db);
  await sql`
    insert into email_templates (kind, name, subject, body_text, body_html) values
    ('recall_notice', 'Recall notice',
     'Product recall {recallNumber} (class {recallClass}): lots {lots}',
     ${TEXT}, ${HTML})`.execute(db);
}

const TEXT = `Dear {pharmacy},

{company} is recalling lots {lots} (recall {recallNumber}, class {recallClass}): {reason}

Your invoices that carried these lots:
{lines}

Please stop using and dispensing these products at once and set them apart. The attached letter
says what to do; sign it and return it within 10 days with the quantity returned or destroyed,
even if you hold none.

{company}`;

const HTML = `<p>Dear {pharmacy},</p>
<p>{company} is recalling lots <strong>{lots}</strong> (recall {recallNumber}, class {recallClass}): {reason}</p>
<p>Your invoices that carried these lots:<br>{lines}</p>
<p>Please stop using and dispensing these products at once and set them apart. The attached letter says what to do; sign it and return it within 10 days with the quantity returned or destroyed, even if you hold none.</p>
<p>{company}</p>`;
