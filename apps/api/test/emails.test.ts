import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/server.js';
import { sql } from 'kysely';
import { inTransaction } from '../src/lib/db/transaction.js';
import { queueEmail } from '../src/modules/emails/outbox.js';
import { INTERRUPTED, smtpTransport } from '../src/modules/emails/sender.js';
import {
  Client,
  createTestDb,
  signedInAs,
  testConfig,
  usingPostgres,
  type TestApp,
} from './helpers.js';
import { startMailApp, TestSmtpServer, type MailApp } from './smtp.js';

// Retries at once: the tests drive the sender themselves.
const BILLING = { from: 'Billing <billing@test.example>', retryDelaysMs: [0, 0] };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** An API server on a fresh database, with a real SMTP server behind it or none. */
async function startBillingApp(withSmtp: boolean): Promise<MailApp> {
  const app = await startMailApp({ withSmtp, ...BILLING });
  // On PostgreSQL queued emails get their pg-boss job, in their transaction; nothing works them.
  await app.server.startJobs();
  return app;
}

async function newInvoice(c: Client, billingEmail: string | null = 'ap@riverside.example') {
  const pharmacy = await c.post('/api/pharmacies', {
    name: 'Riverside Compounding',
    email: 'front@riverside.example',
    billingEmail,
  });
  expect(pharmacy.status, pharmacy.text).toBe(201);
  const invoice = await c.post('/api/invoices', {
    pharmacyId: pharmacy.body.id,
    invoiceDate: '2026-03-14',
    dueDate: '2026-04-13',
    status: 'Unpaid',
    amount: '100.00',
    taxRate: '0',
    shipping: '0.00',
  });
  expect(invoice.status, invoice.text).toBe(201);
  return { pharmacyId: pharmacy.body.id as number, invoice: invoice.body };
}

async function newCreditNote(c: Client, invoice: { id: number; pharmacyId: number }) {
  const note = await c.post('/api/credit-notes', {
    pharmacyId: invoice.pharmacyId,
    invoiceId: invoice.id,
    date: '2026-03-20',
    reason: 'Two vials arrived cracked',
    amount: '25.00',
  });
  expect(note.status, note.text).toBe(201);
  return note.body as { id: number; number: string };
}

async function download(app: TestApp, c: Client, url: string): Promise<Buffer> {
  const res = await app.server.app.inject({ method: 'GET', url, headers: { cookie: c.cookie! } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('with an SMTP server', () => {
  let t: MailApp;
  let c: Client;
  beforeAll(async () => {
    t = await startBillingApp(true);
    c = await t.signedIn();
  });
  afterAll(() => t.close());
  const smtp = () => t.smtp!;
  const drain = () => t.server.sender!.drain();

  it('emails an invoice once, to the billing email, with the PDF the download answers', async () => {
    smtp().reset();
    const { invoice } = await newInvoice(c);
    const res = await c.post(`/api/invoices/${invoice.id}/email`, {
      cc: 'owner@riverside.example',
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({ emailId: expect.any(Number), status: 'queued' });

    expect(await drain()).toBe(1);
    expect(await drain()).toBe(0);
    expect(smtp().received).toHaveLength(1);
    const mail = smtp().received[0]!;
    expect(mail.subject).toBe(`Invoice ${invoice.invoiceNumber} from PharmSupply`);
    expect(mail.from?.value).toEqual([{ name: 'Billing', address: 'billing@test.example' }]);
    expect(mail.to).toMatchObject({ text: 'ap@riverside.example' });
    expect(mail.cc).toMatchObject({ text: 'owner@riverside.example' });
    expect(mail.text).toContain('Dear Riverside Compounding');
    expect(mail.html).toContain(`<strong>${invoice.invoiceNumber}</strong>`);
    expect(mail.attachments).toHaveLength(1);
    const attachment = mail.attachments[0]!;
    expect(attachment.filename).toBe(`invoice-${invoice.invoiceNumber}.pdf`);
    const pdf = await download(t, c, `/api/invoices/${invoice.id}/download`);
    expect(sha256(attachment.content)).toBe(sha256(pdf));

    const list = await c.get(`/api/emails?entityType=invoice&entityId=${invoice.id}`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      id: res.body.emailId,
      kind: 'invoice',
      entity: { type: 'invoice', id: invoice.id, number: invoice.invoiceNumber },
      to: ['ap@riverside.example'],
      status: 'sent',
      attempts: 1,
      lastError: null,
      messageId: mail.messageId,
      attachments: [{ kind: 'invoice-pdf', id: invoice.id, sha256: sha256(pdf), size: pdf.length }],
    });
    expect(list.body[0].sentAt).toEqual(expect.any(String));
  });

  it("goes to the pharmacy's email when it has no billing email, or to whom the dialog says", async () => {
    smtp().reset();
    const { invoice } = await newInvoice(c, null);
    await c.post(`/api/invoices/${invoice.id}/email`, {});
    await c.post(`/api/invoices/${invoice.id}/email`, {
      to: 'a@x.example; b@y.example',
      subject: 'Your invoice',
      message: 'Thanks & see you',
    });
    await drain();
    expect(smtp().received.map((m) => [m.to, m.subject])).toEqual([
      [expect.objectContaining({ text: 'front@riverside.example' }), expect.any(String)],
      [expect.objectContaining({ text: 'a@x.example, b@y.example' }), 'Your invoice'],
    ]);
    expect(smtp().received[1]!.html).toContain('Thanks &amp; see you');
  });

  it('answers 400 with the field for an address that is not one', async () => {
    const { invoice } = await newInvoice(c);
    const res = await c.post(`/api/invoices/${invoice.id}/email`, { cc: 'nobody' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: ['cc'], message: 'Cc: "nobody" is not a valid email address' },
    ]);
    const pharmacy = await c.post('/api/pharmacies', {
      name: 'X',
      email: 'x@x.example',
      billingEmail: 'bad',
    });
    expect(pharmacy.status).toBe(400);
    expect(pharmacy.body.issues).toEqual([
      { path: ['billingEmail'], message: 'Please enter a valid billing email' },
    ]);
  });

  it('sends one mail after a temporary refusal (4xx), on the retry', async () => {
    smtp().reset();
    smtp().answer([{ code: 451, text: 'Greylisted, try again later' }]);
    const { invoice } = await newInvoice(c);
    const { body } = await c.post(`/api/invoices/${invoice.id}/email`, {});
    await drain();
    expect(smtp().offered).toBe(2);
    expect(smtp().received).toHaveLength(1);
    const email = (await c.get(`/api/emails/${body.emailId}`)).body;
    expect(email).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('fails on a permanent refusal (5xx) with the reply, and Retry sends it', async () => {
    smtp().reset();
    smtp().answer([], { code: 550, text: 'Mailbox unavailable' });
    const { invoice } = await newInvoice(c);
    const { body } = await c.post(`/api/invoices/${invoice.id}/email`, {});
    await drain();
    expect(smtp().offered).toBe(1);
    let email = (await c.get(`/api/emails/${body.emailId}`)).body;
    expect(email).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(email.lastError).toMatch(/^550 Mailbox unavailable/);

    smtp().answer([]);
    const retry = await c.post(`/api/emails/${body.emailId}/retry`);
    expect(retry.status, retry.text).toBe(202);
    expect(retry.body).toEqual({ emailId: body.emailId, status: 'queued' });
    await drain();
    email = (await c.get(`/api/emails/${body.emailId}`)).body;
    expect(email).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp().received).toHaveLength(1);
    expect((await c.post(`/api/emails/${body.emailId}/retry`)).status).toBe(409);
  });

  it('fails after the last temporary refusal, with the reply', async () => {
    smtp().reset();
    smtp().answer([], { code: 421, text: 'Service not available' });
    const { invoice } = await newInvoice(c);
    const { body } = await c.post(`/api/invoices/${invoice.id}/email`, {});
    await drain();
    // The first try and one retry per delay (two here).
    expect(smtp().offered).toBe(3);
    const email = (await c.get(`/api/emails/${body.emailId}`)).body;
    expect(email).toMatchObject({ status: 'failed', attempts: 3 });
    expect(email.lastError).toMatch(/421/);
  });

  it("emails an order to the pharmacy's own email with the order's PDF", async () => {
    smtp().reset();
    const { pharmacyId } = await newInvoice(c);
    const order = await c.post('/api/orders', {
      pharmacyId,
      orderDate: '2026-03-02',
      lineItems: [{ description: 'Vial', qty: 2, unitPrice: '2.00' }],
    });
    expect(order.status, order.text).toBe(201);
    const res = await c.post(`/api/orders/${order.body.id}/email`, {});
    expect(res.status, res.text).toBe(202);
    await drain();
    const mail = smtp().received[0]!;
    expect(mail.to).toMatchObject({ text: 'front@riverside.example' });
    expect(mail.subject).toBe(`Order ${order.body.orderNumber} from PharmSupply`);
    const pdf = await download(t, c, `/api/orders/${order.body.id}/download`);
    expect(sha256(mail.attachments[0]!.content)).toBe(sha256(pdf));
    const sales = await signedInAs(t, c, 'sales');
    await drain();
    expect((await sales.post(`/api/orders/${order.body.id}/email`, {})).status).toBe(202);
    expect((await sales.post(`/api/emails/${res.body.emailId}/retry`)).status).toBe(409);
    await drain();
    const orders = smtp().received.filter((m) => m.subject?.startsWith('Order '));
    expect(orders).toHaveLength(2);
  });

  it('never sends again by itself an email a stopped process left sending', async () => {
    smtp().reset();
    const { invoice } = await newInvoice(c);
    const { body } = await c.post(`/api/invoices/${invoice.id}/email`, {});
    await sql`update emails set status = 'sending', attempts = 1,
                claimed_at = now() - interval '11 minutes' where id = ${body.emailId}`.execute(
      t.db,
    );
    await drain();
    expect(smtp().offered).toBe(0);
    const email = (await c.get(`/api/emails/${body.emailId}`)).body;
    expect(email).toMatchObject({ status: 'failed', lastError: INTERRUPTED });
  });

  it.skipIf(!usingPostgres)(
    'queues a pg-boss job with the email, and neither when the change rolls back',
    async () => {
      const email = {
        kind: 'invoice',
        to: ['ap@riverside.example'],
        subject: 'Invoice',
        bodyText: 'Hi',
        bodyHtml: '<p>Hi</p>',
      };
      const jobsOf = async (id: number) =>
        (
          await sql<{ state: string }>`select state from pgboss.job
             where name = 'email' and (data->>'emailId')::int = ${id}`.execute(t.db)
        ).rows;
      let rolledBack = 0;
      await expect(
        inTransaction(t.db, async (trx) => {
          rolledBack = (await queueEmail(trx, email)).emailId;
          throw new Error('the business change fails after queueing its email');
        }),
      ).rejects.toThrow(/business change fails/);
      expect(rolledBack).toBeGreaterThan(0);
      expect(await jobsOf(rolledBack)).toEqual([]);
      const row = await t.db
        .selectFrom('emails')
        .select('id')
        .where('id', '=', rolledBack)
        .executeTakeFirst();
      expect(row).toBeUndefined();

      const kept = await inTransaction(t.db, (trx) => queueEmail(trx, email));
      expect(kept.status).toBe('queued');
      expect(await jobsOf(kept.emailId)).toEqual([{ state: 'created' }]);
      await drain();
    },
  );

  it('answers the first email again for a repeated Idempotency-Key', async () => {
    smtp().reset();
    const { invoice } = await newInvoice(c);
    const key = { 'idempotency-key': `resend-${invoice.id}` };
    const first = await c.post(`/api/invoices/${invoice.id}/email`, {}, key);
    const again = await c.post(`/api/invoices/${invoice.id}/email`, {}, key);
    expect(again.status).toBe(202);
    expect(again.body.emailId).toBe(first.body.emailId);
    await drain();
    expect(smtp().received).toHaveLength(1);
  });

  it('emails a credit note once, to the billing email, with the PDF the download answers', async () => {
    smtp().reset();
    const { invoice } = await newInvoice(c);
    const note = await newCreditNote(c, invoice);
    const draft = await c.post(`/api/credit-notes/${note.id}/email`, {
      cc: 'owner@riverside.example',
      message: 'Sorry about the vials.',
    });
    expect(draft.status, draft.text).toBe(202);
    expect(draft.body).toEqual({ emailId: expect.any(Number), status: 'queued' });
    expect(await drain()).toBe(1);
    expect(smtp().received).toHaveLength(1);
    const mail = smtp().received[0]!;
    expect(mail.subject).toBe(`Credit note ${note.number} from PharmSupply`);
    expect(mail.to).toMatchObject({ text: 'ap@riverside.example' });
    expect(mail.cc).toMatchObject({ text: 'owner@riverside.example' });
    expect(mail.text).toContain(`credit note ${note.number} of 2026-03-20 for $25.00`);
    expect(mail.text).toContain('Sorry about the vials.');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.filename).toBe(`credit-note-${note.number}.pdf`);
    const pdf = await download(t, c, `/api/credit-notes/${note.id}/download`);
    expect(sha256(mail.attachments[0]!.content)).toBe(sha256(pdf));

    const history = await c.get(`/api/emails?entityType=credit_note&entityId=${note.id}`);
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({
      kind: 'credit_note',
      entity: { type: 'credit_note', id: note.id, number: note.number },
      status: 'sent',
      attachments: [{ kind: 'credit-note-pdf', id: note.id, sha256: sha256(pdf) }],
    });

    const sales = await signedInAs(t, c, 'sales');
    await drain();
    const refused = await sales.post(`/api/credit-notes/${note.id}/email`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('A sales user may not email invoices and statements');
    expect((await c.post('/api/credit-notes/999999/email', {})).status).toBe(404);
  });

  it('sends a credit note with its edited template', async () => {
    const templates = (await c.get('/api/email-templates')).body;
    const template = templates.find((x: { kind: string }) => x.kind === 'credit_note');
    expect(template).toMatchObject({ name: 'Credit note' });
    const edit = {
      subject: 'Your credit {creditNoteNumber} on {invoiceNumber}',
      bodyText: 'Hi {pharmacy}: {reason}',
      bodyHtml: '<p>Hi {pharmacy}</p>',
    };
    expect((await c.put(`/api/email-templates/${template.id}`, edit)).status).toBe(200);
    smtp().reset();
    const { invoice } = await newInvoice(c);
    const note = await newCreditNote(c, invoice);
    expect((await c.post(`/api/credit-notes/${note.id}/email`, {})).status).toBe(202);
    await drain();
    expect(smtp().received[0]!.subject).toBe(
      `Your credit ${note.number} on ${invoice.invoiceNumber}`,
    );
    expect(smtp().received[0]!.text).toBe('Hi Riverside Compounding: Two vials arrived cracked');
  });

  it("emails a pharmacy's statement for a period with its PDF", async () => {
    smtp().reset();
    const { pharmacyId } = await newInvoice(c);
    const res = await c.post(`/api/pharmacies/${pharmacyId}/statement/email`, {
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(res.status, res.text).toBe(202);
    await drain();
    const mail = smtp().received[0]!;
    expect(mail.subject).toBe('Statement of account for Riverside Compounding');
    expect(mail.text).toContain('from 2026-03-01 to 2026-03-31');
    const pdf = await download(
      t,
      c,
      `/api/pharmacies/${pharmacyId}/statement.pdf?from=2026-03-01&to=2026-03-31`,
    );
    expect(sha256(mail.attachments[0]!.content)).toBe(sha256(pdf));
    const bad = await c.post(`/api/pharmacies/${pharmacyId}/statement/email`, {
      from: '2026-03-31',
      to: '2026-03-01',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([
      { path: ['to'], message: 'To date must not precede From date' },
    ]);
  });

  it('emails an invitation with its link; only who may invite sees it in the outbox', async () => {
    smtp().reset();
    const accountant = await signedInAs(t, c, 'accountant');
    await drain();
    const mail = smtp().received.find((m) => m.subject === 'You are invited to PharmSupply')!;
    expect(mail.text).toMatch(/Dana Reyes invited you to PharmSupply as Accountant/);
    expect(mail.text).toMatch(/\/invitation#token=\S+/);
    const all = (await c.get('/api/emails')).body as { kind: string }[];
    expect(all.some((e) => e.kind === 'invitation')).toBe(true);
    const seen = (await accountant.get('/api/emails')).body as { kind: string }[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((e) => e.kind === 'invitation')).toBe(false);
  });

  it('keeps invoices and statements to accountants and up; templates to admins', async () => {
    const sales = await signedInAs(t, c, 'sales');
    await drain();
    const { invoice } = await newInvoice(c);
    const res = await sales.post(`/api/invoices/${invoice.id}/email`, {});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('A sales user may not email invoices and statements');
    const templates = (await c.get('/api/email-templates')).body;
    const template = templates.find((x: { kind: string }) => x.kind === 'invoice');
    const edit = {
      subject: 'Invoice {invoiceNumber}',
      bodyText: 'Hi {pharmacy}',
      bodyHtml: '<p>Hi {pharmacy}</p>',
    };
    expect((await sales.put(`/api/email-templates/${template.id}`, edit)).status).toBe(403);
    expect((await c.put(`/api/email-templates/${template.id}`, edit)).status).toBe(200);
    smtp().reset();
    await c.post(`/api/invoices/${invoice.id}/email`, {});
    await drain();
    expect(smtp().received[0]!.subject).toBe(`Invoice ${invoice.invoiceNumber}`);
    expect(smtp().received[0]!.text).toBe('Hi Riverside Compounding');
  });
});

/**
 * An API server (src/main.ts) as an OS process of its own on `databaseUrl`, sending through
 * `smtpUrl`: resolves once it listens, and works the pg-boss queue.
 */
async function apiProcess(databaseUrl: string, smtpUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'billing@test.example',
      HOST: '127.0.0.1',
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Never outlives the test process, even one stopped at a timeout.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  child.once('exit', () => process.off('exit', kill));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      kill();
      reject(new Error(`no start in 60 s:\n${output}`));
    }, 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('PharmSupply on ')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe.skipIf(!usingPostgres)('two API processes (PostgreSQL)', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    smtp = await new TestSmtpServer().start();
    const db = await createTestDb();
    drop = db.drop;
    url = db.url!;
    const config = testConfig({ mail: { smtpUrl: smtp.url, from: 'billing@test.example' } });
    // This process only queues, each email with its pg-boss job: it never works the queue
    // (createServer's start() would).
    const server = await createServer({
      dbHandle: db.handle,
      config,
      mail: { transport: smtpTransport(smtp.url) },
    });
    await server.startJobs();
    t = { server, db: db.handle.db, handle: db.handle } as TestApp;
  });
  afterAll(async () => {
    await t.server.app.close();
    await drop();
    await smtp.close();
  });

  it('send a queued email once', async () => {
    const admin = new Client(t.server, '10.2.0.1');
    const reg = await admin.post('/api/register', {
      email: 'admin@example.com',
      password: 'secret12',
      firstName: 'A',
      lastName: 'B',
    });
    expect(reg.status).toBe(201);
    const { invoice } = await newInvoice(admin);
    const queue = async (subject: string) => {
      const res = await admin.post(`/api/invoices/${invoice.id}/email`, { subject });
      expect(res.body.status).toBe('queued');
      return res.body.emailId as number;
    };
    const sent = (id: number) =>
      expect
        .poll(
          async () =>
            (
              await t.db
                .selectFrom('emails')
                .select('status')
                .where('id', '=', id)
                .executeTakeFirstOrThrow()
            ).status,
          { timeout: 30_000, interval: 200 },
        )
        .toBe('sent');

    // One queued before both start (its job waits for them), one while both work the queue.
    const first = await queue('Before the start');
    const children = await Promise.all([apiProcess(url, smtp.url), apiProcess(url, smtp.url)]);
    const second: number[] = [];
    try {
      await sent(first);
      second.push(await queue('While both work'));
      await sent(second[0]!);
      // Both poll pg-boss every 2 s besides its NOTIFY: a second send would show within this.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
    } finally {
      await Promise.all(children.map(stopProcess));
    }
    expect(smtp.received.map((m) => m.subject).sort()).toEqual([
      'Before the start',
      'While both work',
    ]);
    expect(smtp.offered).toBe(2);
    // Sent by pg-boss's workers: each email's one job is completed.
    const { rows } = await sql<{ emailId: number; state: string }>`
      select (data->>'emailId')::int as "emailId", state from pgboss.job
       where name = 'email' order by 1`.execute(t.db);
    expect(rows).toEqual([
      { emailId: first, state: 'completed' },
      { emailId: second[0], state: 'completed' },
    ]);
    // Two processes start (tsx compiles the server) in 5–30 s on a busy machine.
  }, 180_000);
});

describe('without an SMTP server', () => {
  let t: MailApp;
  let c: Client;
  beforeAll(async () => {
    t = await startBillingApp(false);
    c = await t.signedIn();
  });
  afterAll(() => t.close());

  it('holds emails with their preview and attachments; Send waits for a server', async () => {
    expect(t.server.sender).toBeUndefined();
    const { invoice } = await newInvoice(c);
    const res = await c.post(`/api/invoices/${invoice.id}/email`, {
      message: 'Line one\nLine two',
    });
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('held');
    const email = (await c.get(`/api/emails/${res.body.emailId}`)).body;
    expect(email).toMatchObject({
      status: 'held',
      attempts: 0,
      sentAt: null,
      to: ['ap@riverside.example'],
      attachments: [{ kind: 'invoice-pdf', id: invoice.id, sha256: null }],
    });
    expect(email.bodyText).toContain(`invoice ${invoice.invoiceNumber}`);
    expect(email.bodyText).toContain('Line one\nLine two');
    expect(email.bodyHtml).toContain('Line one<br>Line two');
    const held = await c.get('/api/emails?status=held');
    expect(held.body.map((e: { id: number }) => e.id)).toContain(res.body.emailId);
    const send = await c.post(`/api/emails/${res.body.emailId}/retry`);
    expect(send.status).toBe(409);
    expect(send.body.message).toMatch(/No SMTP server is set up \(SMTP_URL\)/);
  });

  it('holds a credit note email with its preview and attachment', async () => {
    const { invoice } = await newInvoice(c);
    const note = await newCreditNote(c, invoice);
    const res = await c.post(`/api/credit-notes/${note.id}/email`, {
      to: 'buyer@riverside.example',
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body.status).toBe('held');
    const email = (await c.get(`/api/emails/${res.body.emailId}`)).body;
    expect(email).toMatchObject({
      kind: 'credit_note',
      status: 'held',
      to: ['buyer@riverside.example'],
      subject: `Credit note ${note.number} from PharmSupply`,
      attachments: [{ kind: 'credit-note-pdf', id: note.id, sha256: null }],
    });
    expect(email.bodyHtml).toContain(`<strong>${note.number}</strong>`);
  });
});
