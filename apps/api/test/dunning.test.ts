import { addDaysIso } from '@pharm/validators';
import { moneyViolations } from '@pharm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDailyJobs } from '../src/modules/dunning/jobs.js';
import { signedInAs, type Client } from './helpers.js';
import { startMailApp, type MailApp } from './smtp.js';

/**
 * Dunning over a simulated calendar (issue 28 item 5): each test runs the daily job for the days
 * it names, on invoices of a year of its own, so that the day-runs of one test are not another's.
 */
let t: MailApp;
const smtp = () => t.smtp!;
let admin: Client;
let templates: Record<string, number>;
let pharmacies = 0;

beforeAll(async () => {
  t = await startMailApp({
    withSmtp: true,
    from: 'Billing <billing@test.example>',
    retryDelaysMs: [0],
  });
  admin = await t.signedIn();
  const res = await admin.get('/api/email-templates');
  templates = Object.fromEntries(
    (res.body as { id: number; kind: string; name: string }[])
      .filter((row) => row.kind === 'dunning')
      .map((row) => [row.name, row.id]),
  );
  const put = await admin.put('/api/settings/dunning', {
    enabled: true,
    autoSend: false,
    levels: [
      { days: -3, templateId: templates['Friendly reminder'] },
      { days: 1, templateId: templates['Payment reminder'] },
      { days: 15, templateId: templates['Payment reminder'], attachStatement: true },
      { days: 20, templateId: templates['Final notice'], attachStatement: true, fee: '25' },
    ],
  });
  expect(put.status, put.text).toBe(200);
});
afterAll(() => t.close());

const run = (today: string) => runDailyJobs(t.db, today);

async function pharmacyWithInvoice(dueDate: string, amount = '100.00') {
  const pharmacy = await admin.post('/api/pharmacies', {
    name: `Dunning Pharmacy ${++pharmacies}`,
    email: `front${pharmacies}@pharmacy.example`,
    billingEmail: `ap${pharmacies}@pharmacy.example`,
  });
  expect(pharmacy.status, pharmacy.text).toBe(201);
  const invoice = await addInvoice(pharmacy.body.id, dueDate, amount);
  return { pharmacyId: pharmacy.body.id as number, invoice };
}

async function addInvoice(pharmacyId: number, dueDate: string, amount = '100.00') {
  const res = await admin.post('/api/invoices', {
    pharmacyId,
    invoiceDate: addDaysIso(dueDate, -30),
    dueDate,
    status: 'Unpaid',
    amount,
    taxRate: '0',
    shipping: '0.00',
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; invoiceNumber: string };
}

interface Notice {
  id: number;
  level: number;
  runDate: string;
  status: string;
  items: { invoiceId: number; level: number; daysOverdue: number }[];
  email: { id: number; status: string } | null;
}

async function notices(pharmacyId: number): Promise<Notice[]> {
  const res = await admin.get(`/api/dunning/notices?pharmacyId=${pharmacyId}`);
  expect(res.status, res.text).toBe(200);
  return (res.body as Notice[]).slice().reverse();
}

/** Runs every day from `from` to `to`; the days on which the pharmacy got a notice, with its level. */
async function runDays(pharmacyId: number, from: string, to: string) {
  for (let day = from; day <= to; day = addDaysIso(day, 1)) await run(day);
  return (await notices(pharmacyId)).map((n) => [n.runDate, n.level]);
}

describe('the daily run', () => {
  it('proposes each level on its day, once, listing the overdue invoices', async () => {
    const due = '2030-03-10';
    const { pharmacyId, invoice } = await pharmacyWithInvoice(due);
    expect(await runDays(pharmacyId, '2030-03-01', '2030-04-10')).toEqual([
      ['2030-03-07', 1],
      ['2030-03-11', 2],
      ['2030-03-25', 3],
      ['2030-03-30', 4],
    ]);
    const history = await notices(pharmacyId);
    // A new level supersedes the draft nobody approved; the last is the one to approve.
    expect(history.map((n) => n.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'draft']);
    expect(history[3]!.items).toEqual([
      expect.objectContaining({ invoiceId: invoice.id, level: 4, daysOverdue: 20 }),
    ]);
    const due2 = await admin.get('/api/dunning/due');
    expect(due2.body.filter((n: Notice) => n.id === history[3]!.id)).toHaveLength(1);
  });

  it('runs a day once, however many processes ask', async () => {
    await pharmacyWithInvoice('2031-01-01');
    const results = await Promise.all([run('2031-01-02'), run('2031-01-02'), run('2031-01-02')]);
    expect(results.filter((r) => r.dunning !== null)).toHaveLength(1);
    expect(await run('2031-01-02')).toEqual({ dunning: null, statements: null });
  });

  it('after an outage of a week sends only the level due today, never the missed ones', async () => {
    const due = '2032-05-01';
    const { pharmacyId } = await pharmacyWithInvoice(due);
    // Runs up to day 12 past due, then none for a week (days 13 to 19: level 3 fell on day 15).
    await runDays(pharmacyId, '2032-05-01', '2032-05-13');
    expect(await runDays(pharmacyId, '2032-05-21', '2032-06-10')).toEqual([
      ['2032-05-01', 1],
      ['2032-05-02', 2],
      ['2032-05-21', 4],
    ]);
  });

  it('one notice per pharmacy at the highest level, each (invoice, level) once', async () => {
    const { pharmacyId, invoice: older } = await pharmacyWithInvoice('2033-02-01');
    await runDays(pharmacyId, '2033-02-02', '2033-02-02');
    const newer = await addInvoice(pharmacyId, '2033-02-18');
    // Day 16 of the older (level 3) is day -1 of the newer (level 1): one notice, both invoices.
    expect(await runDays(pharmacyId, '2033-02-16', '2033-02-17')).toEqual([
      ['2033-02-02', 2],
      ['2033-02-16', 3],
    ]);
    const last = (await notices(pharmacyId)).at(-1)!;
    expect(last.items.map((i) => [i.invoiceId, i.level])).toEqual([
      [older.id, 3],
      [newer.id, 1],
    ]);
  });

  it('a payment before the run means no notice, and cancels a draft', async () => {
    const { pharmacyId, invoice } = await pharmacyWithInvoice('2034-04-01');
    await runDays(pharmacyId, '2034-03-29', '2034-03-29');
    const [draft] = await notices(pharmacyId);
    expect(draft).toMatchObject({ level: 1, status: 'draft' });
    const paid = await admin.post('/api/payments', {
      invoiceId: invoice.id,
      pharmacyId,
      date: '2034-03-30',
      amount: '100.00',
      method: 'ACH',
    });
    expect(paid.status, paid.text).toBe(201);
    const approve = await admin.post(`/api/dunning/${draft!.id}/approve`);
    expect(approve.status, approve.text).toBe(409);
    expect(await runDays(pharmacyId, '2034-03-30', '2034-04-30')).toEqual([['2034-03-29', 1]]);
    expect((await notices(pharmacyId))[0]!.status).toBe('cancelled');
  });

  it('a paused pharmacy gets nothing until resumed', async () => {
    const { pharmacyId } = await pharmacyWithInvoice('2035-06-01');
    const pause = await admin.put(`/api/pharmacies/${pharmacyId}/dunning`, { paused: true });
    expect(pause.status, pause.text).toBe(200);
    expect(pause.body).toEqual({ id: pharmacyId, dunningPaused: true });
    expect(await runDays(pharmacyId, '2035-05-25', '2035-06-25')).toEqual([]);
    await admin.put(`/api/pharmacies/${pharmacyId}/dunning`, { paused: false });
    expect(await runDays(pharmacyId, '2035-06-26', '2035-06-26')).toEqual([['2035-06-26', 4]]);
  });
});

describe('approving', () => {
  it('queues one email through the outbox, with the statement PDF and the fee as its own document', async () => {
    const { pharmacyId, invoice } = await pharmacyWithInvoice('2036-01-01', '250.00');
    await runDays(pharmacyId, '2036-01-21', '2036-01-21');
    const [draft] = await notices(pharmacyId);
    expect(draft).toMatchObject({ level: 4, status: 'draft', email: null });

    const accountant = await signedInAs(t, admin, 'accountant');
    await t.server.sender!.drain(); // its invitation
    smtp().reset();
    const res = await accountant.post(`/api/dunning/${draft!.id}/approve`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'queued', fee: '25.00', email: { status: 'queued' } });
    expect(await t.server.sender!.drain()).toBe(1);
    expect(smtp().received).toHaveLength(1);
    const mail = smtp().received[0]!;
    expect(mail.to).toMatchObject({ text: `ap${pharmacies}@pharmacy.example` });
    expect(mail.subject).toBe('Final notice from PharmSupply: $250.00 overdue');
    expect(mail.text).toContain(
      `${invoice.invoiceNumber}, due 2036-01-01: $250.00 (20 days overdue)`,
    );
    expect(mail.text).toContain('A late fee of $25.00');
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);

    const again = await accountant.post(`/api/dunning/${draft!.id}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This notice was approved already');
    expect(await t.server.sender!.drain()).toBe(0);
    // The invoice is as it was: the fee is a document of its own.
    const after = await admin.get(`/api/invoices/${invoice.id}`);
    expect(after.body).toMatchObject({ total: '250.00', balance: '250.00' });
    const fees = await t.db
      .selectFrom('dunningFees')
      .selectAll()
      .where('pharmacyId', '=', pharmacyId)
      .execute();
    expect(fees).toEqual([expect.objectContaining({ amount: '25.00', noticeId: draft!.id })]);
  });

  it('a fee is a charge on the statement on its date and owed until waived', async () => {
    const { pharmacyId } = await pharmacyWithInvoice('2036-02-01', '100.00');
    await runDays(pharmacyId, '2036-02-21', '2036-02-21');
    const [draft] = await notices(pharmacyId);
    expect((await admin.post(`/api/dunning/${draft!.id}/approve`)).status).toBe(200);
    const february = `/api/pharmacies/${pharmacyId}/statement?from=2036-02-01&to=2036-02-29`;

    const owed = await admin.get(february);
    expect(owed.status, owed.text).toBe(200);
    const number = expect.stringMatching(/^FEE-\d{5}$/);
    expect(owed.body).toMatchObject({
      openingBalance: '100.00',
      closingBalance: '125.00',
      lines: [
        { date: '2036-02-21', type: 'dunning_fee', number, amount: '25.00', balance: '125.00' },
      ],
      aging: { current: '100.00' },
      unapplied: '0.00',
      fees: '25.00',
    });
    const fees = await admin.get(`/api/pharmacies/${pharmacyId}/dunning-fees`);
    expect(fees.body).toEqual({
      owed: '25.00',
      fees: [
        {
          id: expect.any(Number),
          number,
          date: '2036-02-21',
          amount: '25.00',
          level: 4,
          waivedOn: null,
          waiveReason: null,
        },
      ],
    });
    expect(await moneyViolations(t.db, [pharmacyId])).toEqual([]);
    const pdf = await t.server.app.inject({
      method: 'GET',
      url: `/api/pharmacies/${pharmacyId}/statement.pdf?from=2036-02-01&to=2036-02-29`,
      headers: { cookie: admin.cookie! },
    });
    expect(pdf.statusCode).toBe(200);

    // Waived: owed no more; the statement keeps the fee on its date and shows the waiver.
    const feeId = fees.body.fees[0].id as number;
    const sales = await signedInAs(t, admin, 'sales');
    expect((await sales.post(`/api/dunning-fees/${feeId}/waive`, { reason: 'x' })).status).toBe(
      403,
    );
    const blank = await admin.post(`/api/dunning-fees/${feeId}/waive`, { reason: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.issues).toEqual([{ path: ['reason'], message: 'Reason is required' }]);
    const waived = await admin.post(`/api/dunning-fees/${feeId}/waive`, {
      reason: 'Goodwill: first late payment',
    });
    expect(waived.status, waived.text).toBe(200);
    expect(waived.body).toMatchObject({
      owed: '0.00',
      fees: [{ waivedOn: '2036-02-21', waiveReason: 'Goodwill: first late payment' }],
    });
    // The pharmacy's history says who waived which fee, and why.
    const history = await admin.get(`/api/activity?entityType=pharmacy&entityId=${pharmacyId}`);
    expect(history.status, history.text).toBe(200);
    expect(history.body[0]).toMatchObject({
      action: 'update',
      label: expect.stringMatching(/^Dunning Pharmacy \d+$/),
      user: { id: expect.any(String) },
      changes: [
        {
          field: 'dunningFee',
          from: { number, date: '2036-02-21', amount: '25.00', waivedOn: null, waiveReason: null },
          to: {
            number,
            date: '2036-02-21',
            amount: '25.00',
            waivedOn: '2036-02-21',
            waiveReason: 'Goodwill: first late payment',
          },
        },
      ],
    });
    const again = await admin.post(`/api/dunning-fees/${feeId}/waive`, { reason: 'again' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This fee was waived already');
    const after = (await admin.get(february)).body;
    expect(after.lines.map((l: { type: string; balance: string }) => [l.type, l.balance])).toEqual([
      ['dunning_fee', '125.00'],
      ['fee_waiver', '100.00'],
    ]);
    expect(after.closingBalance).toBe('100.00');
    expect(after).not.toHaveProperty('fees');
    const march = await admin.get(
      `/api/pharmacies/${pharmacyId}/statement?from=2036-03-01&to=2036-03-31`,
    );
    expect(march.body).toMatchObject({ openingBalance: '100.00', closingBalance: '100.00' });
  });

  it('skipping sends nothing and is not proposed again at that level', async () => {
    const { pharmacyId } = await pharmacyWithInvoice('2037-01-10');
    await runDays(pharmacyId, '2037-01-11', '2037-01-11');
    const [draft] = await notices(pharmacyId);
    const res = await admin.post(`/api/dunning/${draft!.id}/skip`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('skipped');
    expect(await runDays(pharmacyId, '2037-01-12', '2037-01-24')).toEqual([['2037-01-11', 2]]);
  });
});

describe('settings and access', () => {
  it('refuses levels out of order with a field message, and a non-dunning template', async () => {
    const res = await admin.put('/api/settings/dunning', {
      enabled: true,
      levels: [
        { days: 10, templateId: templates['Payment reminder'] },
        { days: 5, templateId: templates['Final notice'] },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Each level must come more days after the due date');
    const invoiceTemplate = (await admin.get('/api/email-templates')).body.find(
      (row: { kind: string }) => row.kind === 'invoice',
    );
    const wrong = await admin.put('/api/settings/dunning', {
      enabled: true,
      levels: [{ days: 10, templateId: invoiceTemplate.id }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Template must be a payment reminder template');
  });

  it('dunning is an accountant’s, the levels an admin’s', async () => {
    const sales = await signedInAs(t, admin, 'sales');
    const accountant = await signedInAs(t, admin, 'accountant');
    expect((await sales.get('/api/dunning/due')).status).toBe(403);
    expect((await accountant.get('/api/dunning/due')).status).toBe(200);
    const settings = await accountant.get('/api/settings/dunning');
    expect(settings.status).toBe(200);
    const { levels, enabled, autoSend } = settings.body;
    expect(
      (await accountant.put('/api/settings/dunning', { levels, enabled, autoSend })).status,
    ).toBe(403);
  });
});

describe('auto-send and monthly statements', () => {
  it('with auto-send the notice is queued by the run itself', async () => {
    const current = (await admin.get('/api/settings/dunning')).body;
    await admin.put('/api/settings/dunning', { ...current, autoSend: true });
    try {
      const { pharmacyId } = await pharmacyWithInvoice('2038-03-01');
      smtp().reset();
      await runDays(pharmacyId, '2038-03-02', '2038-03-02');
      const [notice] = await notices(pharmacyId);
      expect(notice).toMatchObject({ level: 2, status: 'queued', email: { status: 'queued' } });
      await t.server.sender!.drain();
      expect(
        smtp().received.filter((m) => m.subject?.startsWith('Payment reminder')),
      ).not.toHaveLength(0);
    } finally {
      await admin.put('/api/settings/dunning', { ...current, autoSend: false });
    }
  });

  it('on the 1st, emails each pharmacy with an open balance its open items and aging only', async () => {
    const current = (await admin.get('/api/settings/dunning')).body;
    await admin.put('/api/settings/dunning', {
      ...current,
      enabled: false,
      monthlyStatements: true,
    });
    try {
      const { pharmacyId, invoice: open } = await pharmacyWithInvoice('2039-01-20', '80.00');
      const paid = await addInvoice(pharmacyId, '2039-01-25', '40.00');
      const pay = await admin.post('/api/payments', {
        invoiceId: paid.id,
        pharmacyId,
        date: '2039-01-26',
        amount: '40.00',
        method: 'Check',
      });
      expect(pay.status, pay.text).toBe(201);
      expect((await run('2039-01-31')).statements).toBeNull();
      const first = await run('2039-02-01');
      expect(first.statements).toBeGreaterThan(0);
      expect((await run('2039-02-01')).statements).toBeNull();
      const emails = await admin.get(`/api/emails?entityType=pharmacy&entityId=${pharmacyId}`);
      expect(emails.body).toHaveLength(1);
      const email = await admin.get(`/api/emails/${emails.body[0].id}`);
      expect(email.body.bodyText).toContain(
        `${open.invoiceNumber} of 2038-12-21, due 2039-01-20: $80.00`,
      );
      expect(email.body.bodyText).not.toContain(paid.invoiceNumber);
      expect(email.body.bodyText).toContain('Aging: current $80.00, 31–60 days $0.00');

      // The mail carries January's statement, the bytes its download answers.
      smtp().reset();
      await t.server.sender!.drain();
      const mail = smtp().received.find((m) => m.text?.includes(open.invoiceNumber));
      expect(mail?.attachments.map((a) => a.filename)).toEqual([
        expect.stringMatching(/^statement-.*-2039-01-31\.pdf$/),
      ]);
      const download = await t.server.app.inject({
        method: 'GET',
        url: `/api/pharmacies/${pharmacyId}/statement.pdf?from=2039-01-01&to=2039-01-31`,
        headers: { cookie: admin.cookie! },
      });
      expect(download.statusCode).toBe(200);
      expect(mail!.attachments[0]!.content.equals(download.rawPayload)).toBe(true);
    } finally {
      await admin.put('/api/settings/dunning', { ...current, monthlyStatements: false });
    }
  });
});
