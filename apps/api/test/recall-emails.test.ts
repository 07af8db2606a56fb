/**
 * Issue 30 item 4, "Email notices": each pharmacy still to notify gets one email with its recall
 * letter, through the outbox and a real SMTP server (smtp-server, read back with mailparser); its
 * notice becomes notified by email only when the server accepts the mail. Both drivers.
 */
import { createHash } from 'node:crypto';
import { addDaysIso, todayIso } from '@pharm/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs, type Client, type TestApp } from './helpers.js';
import { startMailApp, type MailApp } from './smtp.js';

const RECALLS = { from: 'Recalls <recalls@test.example>', retryDelaysMs: [0] };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const today = todayIso();

interface Fixture {
  recallId: number;
  recallNumber: string;
  north: number;
  south: number;
}

/** Two pharmacies whose invoices carried one lot, and the recall of that lot. */
async function recallOfTwo(c: Client): Promise<Fixture> {
  expect(
    (
      await c.post('/api/products', {
        sku: 'ST-MAIL',
        name: 'Stopper',
        category: 'Stopper',
        defaultPrice: '0.10',
      })
    ).status,
  ).toBe(201);
  const variant = await c.post('/api/product-variants', {
    parentSku: 'ST-MAIL',
    variantSku: 'ST-MAIL-20',
    packageQty: 1,
    defaultPrice: '0.10',
  });
  expect(variant.status, variant.text).toBe(201);
  const lot = await c.post('/api/lots', {
    variantId: variant.body.id,
    lotNumber: 'ST20-MAIL-A',
    expiryDate: addDaysIso(today, 400),
  });
  expect(lot.status, lot.text).toBe(201);
  const ids: number[] = [];
  for (const name of ['North Pharmacy', 'South Pharmacy']) {
    const pharmacy = await c.post('/api/pharmacies', {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@pharmacy.example`,
    });
    expect(pharmacy.status, pharmacy.text).toBe(201);
    ids.push(pharmacy.body.id);
    const order = await c.post('/api/orders', {
      pharmacyId: pharmacy.body.id,
      orderDate: today,
      lineItems: [
        {
          productSku: 'ST-MAIL',
          variantSku: 'ST-MAIL-20',
          description: 'Grey stoppers 20 mm',
          qty: 300,
          unitPrice: '0.10',
          lotId: lot.body.id,
        },
      ],
    });
    expect(order.status, order.text).toBe(201);
    for (const status of ['Sent', 'Fulfilled']) {
      expect((await c.put(`/api/orders/${order.body.id}`, { status })).status).toBe(200);
    }
    const invoice = await c.post('/api/invoices', {
      pharmacyId: pharmacy.body.id,
      fromOrderId: order.body.id,
      invoiceDate: today,
      dueDate: addDaysIso(today, 30),
      amount: null,
      status: 'Unpaid',
    });
    expect(invoice.status, invoice.text).toBe(201);
  }
  const recall = await c.post('/api/recalls', {
    lotIds: [lot.body.id],
    reason: 'Stopper fragments found after piercing',
    class: 'II',
  });
  expect(recall.status, recall.text).toBe(201);
  return {
    recallId: recall.body.id,
    recallNumber: recall.body.number,
    north: ids[0]!,
    south: ids[1]!,
  };
}

async function download(app: TestApp, c: Client, url: string): Promise<Buffer> {
  const res = await app.server.app.inject({ method: 'GET', url, headers: { cookie: c.cookie! } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

type Notice = { status: string; channel: string | null; email: { status: string } | null };

async function notices(c: Client, recallId: number): Promise<Record<number, Notice>> {
  const res = await c.get(`/api/recalls/${recallId}`);
  expect(res.status, res.text).toBe(200);
  return Object.fromEntries(
    (res.body.pharmacies as { pharmacy: { id: number }; notice: Notice }[]).map((p) => [
      p.pharmacy.id,
      p.notice,
    ]),
  );
}

describe('with an SMTP server', () => {
  let t: MailApp;
  let c: Client;
  let f: Fixture;
  const smtp = () => t.smtp!;
  const drain = () => t.server.sender!.drain();
  beforeAll(async () => {
    t = await startMailApp({ withSmtp: true, ...RECALLS });
    c = await t.signedIn();
    f = await recallOfTwo(c);
    // A fresh database and a dozen requests: slow on a loaded machine's embedded database.
  }, 180_000);
  afterAll(() => t.close());

  it('offers the recall notice template in Settings', async () => {
    const res = await c.get('/api/email-templates');
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(
      expect.objectContaining({ kind: 'recall_notice', name: 'Recall notice' }),
    );
  });

  it('sends each pharmacy its letter once; a notice is notified only when its mail is accepted', async () => {
    const letters = {
      [f.north]: await download(t, c, `/api/recalls/${f.recallId}/letters/${f.north}.pdf`),
      [f.south]: await download(t, c, `/api/recalls/${f.recallId}/letters/${f.south}.pdf`),
    };
    const res = await c.post(`/api/recalls/${f.recallId}/email-notices`, {});
    expect(res.status, res.text).toBe(200);
    expect(res.body.queued).toHaveLength(2);
    expect(res.body.skipped).toEqual([]);
    let now = await notices(c, f.recallId);
    // Queued is not notified.
    expect(now[f.north]).toMatchObject({ status: 'to_notify', email: { status: 'queued' } });
    expect(now[f.south]).toMatchObject({ status: 'to_notify', email: { status: 'queued' } });

    // The server refuses the first mail (North's) for good, and accepts the second.
    smtp().answer([{ code: 550, text: 'Mailbox unavailable' }]);
    expect(await drain()).toBe(2);
    expect(smtp().offered).toBe(2);
    expect(smtp().received).toHaveLength(1);
    now = await notices(c, f.recallId);
    expect(now[f.north]).toMatchObject({ status: 'to_notify', email: { status: 'failed' } });
    expect(now[f.south]).toMatchObject({
      status: 'notified',
      channel: 'email',
      email: { status: 'sent' },
    });

    // Again for those still to notify: North alone, its failed email no obstacle.
    const again = await c.post(`/api/recalls/${f.recallId}/email-notices`, {});
    expect(again.status, again.text).toBe(200);
    expect(again.body.queued.map((q: { pharmacyId: number }) => q.pharmacyId)).toEqual([f.north]);
    expect(again.body.skipped).toEqual([
      { pharmacyId: f.south, pharmacy: 'South Pharmacy', reason: 'already notified' },
    ]);
    expect(await drain()).toBe(1);
    expect(smtp().received).toHaveLength(2);
    now = await notices(c, f.recallId);
    expect(now[f.north]).toMatchObject({ status: 'notified', channel: 'email' });

    // Once per pharmacy, to its address, with the letter the download answers.
    const byAddress = new Map(
      smtp().received.map((mail) => [mail.to && 'text' in mail.to ? mail.to.text : '', mail]),
    );
    expect([...byAddress.keys()].sort()).toEqual([
      'north@pharmacy.example',
      'south@pharmacy.example',
    ]);
    for (const [id, address, slug] of [
      [f.north, 'north@pharmacy.example', 'north-pharmacy'],
      [f.south, 'south@pharmacy.example', 'south-pharmacy'],
    ] as const) {
      const mail = byAddress.get(address)!;
      expect(mail.subject).toContain(f.recallNumber);
      expect(mail.subject).toContain('ST20-MAIL-A');
      expect(mail.text).toContain('Grey stoppers 20 mm');
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]!.filename).toBe(`recall-${f.recallNumber}-${slug}.pdf`);
      expect(sha256(mail.attachments[0]!.content)).toBe(sha256(letters[id]!));
      const after = await download(t, c, `/api/recalls/${f.recallId}/letters/${id}.pdf`);
      expect(sha256(after)).toBe(sha256(letters[id]!));
    }

    // Nothing left to email.
    const none = await c.post(`/api/recalls/${f.recallId}/email-notices`, {});
    expect(none.body.queued).toEqual([]);
    expect(await drain()).toBe(0);
    expect(smtp().offered).toBe(3);

    // The outbox lists the recall's emails: the refused one, then the two sent.
    const outbox = await c.get(`/api/emails?entityType=recall&entityId=${f.recallId}`);
    expect(outbox.status, outbox.text).toBe(200);
    expect(outbox.body.map((e: { status: string }) => e.status).sort()).toEqual([
      'failed',
      'sent',
      'sent',
    ]);

    // The step is in the notice's log, in the name of who asked for the emails.
    const recall = (await c.get(`/api/recalls/${f.recallId}`)).body;
    const south = recall.pharmacies.find(
      (p: { pharmacy: { id: number } }) => p.pharmacy.id === f.south,
    );
    expect(south.notice.notifiedBy).toBe('Dana Reyes');
    expect(south.notice.events).toEqual([
      expect.objectContaining({ status: 'notified', channel: 'email', by: 'Dana Reyes' }),
    ]);
  });

  it('lets accountants email the notices, not sales', async () => {
    const sales = await signedInAs(t, c, 'sales');
    const refused = await sales.post(`/api/recalls/${f.recallId}/email-notices`, {});
    expect(refused.status).toBe(403);
    const accountant = await signedInAs(t, c, 'accountant');
    const allowed = await accountant.post(`/api/recalls/${f.recallId}/email-notices`, {});
    expect(allowed.status, allowed.text).toBe(200);
  });
});

describe('without an SMTP server', () => {
  let t: MailApp;
  let c: Client;
  let f: Fixture;
  beforeAll(async () => {
    t = await startMailApp({ withSmtp: false, ...RECALLS });
    c = await t.signedIn();
    f = await recallOfTwo(c);
  }, 180_000);
  afterAll(() => t.close());

  it('holds the emails: the notices stay to notify, and a second request queues no other', async () => {
    const res = await c.post(`/api/recalls/${f.recallId}/email-notices`, {
      pharmacyIds: [f.south],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.queued).toEqual([
      { pharmacyId: f.south, emailId: expect.any(Number), status: 'held' },
    ]);
    const now = await notices(c, f.recallId);
    expect(now[f.south]).toMatchObject({ status: 'to_notify', email: { status: 'held' } });
    expect(now[f.north]).toMatchObject({ status: 'to_notify', email: null });
    const again = await c.post(`/api/recalls/${f.recallId}/email-notices`, {
      pharmacyIds: [f.south],
    });
    expect(again.body).toEqual({
      queued: [],
      skipped: [
        { pharmacyId: f.south, pharmacy: 'South Pharmacy', reason: 'an email is already held' },
      ],
    });
  });

  it('refuses a closed recall', async () => {
    const close = await c.post(`/api/recalls/${f.recallId}/close`, { reason: 'Test over' });
    expect(close.status, close.text).toBe(200);
    const res = await c.post(`/api/recalls/${f.recallId}/email-notices`, {});
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Recall ${f.recallNumber} is closed`);
  });
});
