/**
 * Issue 29: pharmacy licences and the gate on sending, fulfilling and invoicing, over REST (and
 * one call over tRPC), on both drivers.
 */
import { addDaysIso, todayIso } from '@pharm/validators';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let c: Client;
const today = todayIso();
const yesterday = addDaysIso(today, -1);

// The smallest files whose first bytes say what they are.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(24),
]);

beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
  // Controlled (schedule II) and bulk products; their variants inherit.
  for (const [sku, category] of [
    ['CII-1', 'API'],
    ['BULK-1', 'API'],
    ['VIAL-1', 'Vial'],
  ] as const) {
    const res = await c.post('/api/products', {
      sku,
      name: `Product ${sku}`,
      category,
      defaultPrice: '10.00',
    });
    expect(res.status, res.text).toBe(201);
  }
  await t.db
    .updateTable('products')
    .set({ controlledSchedule: 'II' })
    .where('sku', '=', 'CII-1')
    .execute();
  await t.db
    .updateTable('products')
    .set({ bulkSubstance: true })
    .where('sku', '=', 'BULK-1')
    .execute();
});
afterAll(() => t.close());

async function setRequired(on: boolean) {
  const res = await c.put('/api/settings', { holdDaysPastDue: 60, requireLicences: on });
  expect(res.status, res.text).toBe(200);
}

let pharmacies = 0;
async function newPharmacy(extra: Record<string, unknown> = {}) {
  const res = await c.post('/api/pharmacies', {
    name: `Licence Pharmacy ${++pharmacies}`,
    email: 'rx@example.com',
    shippingAddress: '12 Elm St\nSpringfield, IL 62701',
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; name: string; shippingState: string | null };
}

async function addLicence(pharmacyId: number, body: Record<string, unknown>) {
  const res = await c.post(`/api/pharmacies/${pharmacyId}/licences`, {
    kind: 'state_pharmacy',
    number: `ST-${pharmacyId}-${Math.random().toString(36).slice(2, 7)}`,
    state: 'IL',
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const plainLine = { description: 'Vials', qty: 2, unitPrice: '5.00' };
const controlledLine = {
  productSku: 'CII-1',
  description: 'Schedule II API',
  qty: 1,
  unitPrice: '9.00',
};
const bulkLine = { productSku: 'BULK-1', description: 'Bulk API', qty: 1, unitPrice: '9.00' };

async function newOrder(pharmacyId: number, lineItems: object[] = [plainLine]) {
  const res = await c.post('/api/orders', { pharmacyId, orderDate: today, lineItems });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; orderNumber: string };
}

const setStatus = (orderId: number, status: string, extra: object = {}) =>
  c.put(`/api/orders/${orderId}`, { status, ...extra });

const issueInvoice = (pharmacyId: number, fromOrderId: number | null, status = 'Unpaid') =>
  c.post('/api/invoices', {
    pharmacyId,
    fromOrderId,
    invoiceDate: today,
    dueDate: addDaysIso(today, 30),
    taxRate: '0.0000',
    shipping: '0.00',
    amount: fromOrderId ? null : '10.00',
    status,
  });

function expectRefused(res: { status: number; body: any; text: string }, ...words: string[]) {
  expect(res.status, res.text).toBe(409);
  expect(res.body.code).toBe('LICENCE_REQUIRED');
  for (const word of words) expect(res.body.message).toContain(word);
}

describe('shipping state', () => {
  it('is read off the shipping address unless given, and can be edited', async () => {
    const derived = await newPharmacy();
    expect(derived.shippingState).toBe('IL');
    const zip4 = await newPharmacy({ shippingAddress: '1 Bay Rd, Austin, tx 78701-1234' });
    expect(zip4.shippingState).toBe('TX');
    const none = await newPharmacy({ shippingAddress: 'Somewhere without a ZIP' });
    expect(none.shippingState).toBeNull();
    const given = await newPharmacy({ shippingState: 'wi' });
    expect(given.shippingState).toBe('WI');
    const bad = await c.post('/api/pharmacies', {
      name: 'X',
      email: 'x@example.com',
      shippingState: 'ZZ',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toEqual(['shippingState']);
    const moved = await c.put(`/api/pharmacies/${derived.id}`, {
      name: derived.name,
      email: 'rx@example.com',
      shippingAddress: '9 Oak Ave, Portland, OR 97201',
    });
    expect(moved.body.shippingState).toBe('OR');
  });
});

describe('licences', () => {
  it('adds, lists with a status from today, edits, verifies and deletes', async () => {
    const p = await newPharmacy();
    await addLicence(p.id, { number: 'IL-VALID', expiresOn: addDaysIso(today, 200) });
    await addLicence(p.id, { number: 'IL-SOON', expiresOn: addDaysIso(today, 20) });
    await addLicence(p.id, { number: 'IL-OLD', issuedOn: '2020-01-01', expiresOn: yesterday });
    const open = await addLicence(p.id, {
      kind: 'resale_certificate',
      number: 'RS-1',
      state: 'IL',
    });
    const list = await c.get(`/api/pharmacies/${p.id}/licences`);
    expect(list.status).toBe(200);
    const status = Object.fromEntries(list.body.map((l: any) => [l.number, l.status]));
    expect(status).toEqual({
      'IL-VALID': 'valid',
      'IL-SOON': 'expiring',
      'IL-OLD': 'expired',
      'RS-1': 'no_expiry',
    });

    const verified = await c.put(`/api/licences/${open.id}`, {
      kind: 'resale_certificate',
      number: 'RS-1',
      state: 'IL',
      verified: true,
    });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.verifiedBy).toBe('Test User');
    expect(verified.body.verifiedAt).not.toBeNull();
    const deleted = await c.delete(`/api/licences/${open.id}`);
    expect(deleted.status).toBe(200);
    expect((await c.get(`/api/licences/${open.id}`)).status).toBe(404);
    const history = await c.get(`/api/activity?entityType=licence&entityId=${open.id}`);
    expect(history.body.map((e: any) => e.action)).toEqual(['delete', 'update', 'create']);
  });

  it('refuses what a licence cannot be, naming the field', async () => {
    const p = await newPharmacy();
    const cases: [object, string][] = [
      [{ kind: 'state_pharmacy', number: 'A' }, 'state'],
      [{ kind: 'dea', number: 'A' }, 'schedules'],
      [{ kind: 'dea', number: 'A', schedules: ['VI'] }, 'schedules'],
      [{ kind: 'outsourcing_503b', number: 'A', schedules: ['II'] }, 'schedules'],
      [
        { kind: 'outsourcing_503b', number: 'A', issuedOn: today, expiresOn: yesterday },
        'expiresOn',
      ],
      [{ kind: 'nope', number: 'A' }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const res = await c.post(`/api/pharmacies/${p.id}/licences`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues.map((i: any) => i.path[0])).toContain(field);
    }
    expect(
      (
        await c.post('/api/pharmacies/999999/licences', {
          kind: 'dea',
          number: 'A',
          schedules: ['II'],
        })
      ).status,
    ).toBe(400);
  });

  it('keeps a PDF or image document and answers it as uploaded', async () => {
    const p = await newPharmacy();
    const licence = await addLicence(p.id, {});
    const up = await c.post(`/api/licences/${licence.id}/document`, {
      fileName: 'scan.pdf',
      contentBase64: PDF.toString('base64'),
    });
    expect(up.status, up.text).toBe(200);
    expect(up.body).toMatchObject({
      hasDocument: true,
      documentType: 'application/pdf',
      documentName: 'scan.pdf',
    });
    const down = await t.server.app.inject({
      method: 'GET',
      url: `/api/licences/${licence.id}/document`,
      headers: { cookie: c.cookie! },
    });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.rawPayload.equals(PDF)).toBe(true);

    // The type is read from the bytes, never from the name.
    const png = await c.post(`/api/licences/${licence.id}/document`, {
      fileName: 'scan.pdf',
      contentBase64: PNG.toString('base64'),
    });
    expect(png.body.documentType).toBe('image/png');
    const text = await c.post(`/api/licences/${licence.id}/document`, {
      fileName: 'scan.pdf',
      contentBase64: Buffer.from('<html>not a scan</html>').toString('base64'),
    });
    expect(text.status).toBe(400);
    expect(text.body.message).toContain('PDF, PNG or JPEG');
  });

  it('takes a document of up to 5 MiB, and refuses a larger one', async () => {
    const p = await newPharmacy();
    const licence = await addLicence(p.id, {});
    const full = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 - PDF.length, 0x20)]);
    const ok = await c.post(`/api/licences/${licence.id}/document`, {
      contentBase64: full.toString('base64'),
    });
    expect(ok.status, ok.text.slice(0, 200)).toBe(200);
    const over = await c.post(`/api/licences/${licence.id}/document`, {
      contentBase64: Buffer.concat([full, Buffer.alloc(3, 0x20)]).toString('base64'),
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('5 MiB');
    // Any other path keeps the 5 MiB body limit.
    const big = await c.post('/api/pharmacies', {
      name: 'x'.repeat(6 * 1024 * 1024),
      email: 'a@b.co',
    });
    expect(big.status).toBe(413);
  });

  it('finds a licence by its number in the global search', async () => {
    const p = await newPharmacy();
    await addLicence(p.id, { number: 'FINDME-4471' });
    const res = await c.get('/api/search?q=findme-44');
    expect(res.body.licences).toMatchObject([
      { number: 'FINDME-4471', pharmacy: { name: p.name } },
    ]);
  });
});

describe('controlled schedule and bulk substance in the catalogue', () => {
  it('takes them from the product form, a CSV import, and gives them back in the CSV export', async () => {
    const made = await c.post('/api/products', {
      sku: 'FORM-CIII',
      name: 'Form controlled',
      category: 'API',
      defaultPrice: '3.00',
      controlledSchedule: 'III',
      bulkSubstance: true,
    });
    expect(made.body).toMatchObject({ controlledSchedule: 'III', bulkSubstance: true });
    const bad = await c.post('/api/products', {
      sku: 'X1',
      name: 'X',
      category: 'API',
      defaultPrice: '1.00',
      controlledSchedule: 'VI',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toEqual(['controlledSchedule']);

    const csv = [
      'sku,name,category,default_price,controlled_schedule,bulk_substance,variant_sku,variant_controlled_schedule,variant_bulk_substance',
      'CSV-CS,CSV controlled,API,4.00,iv,yes,CSV-CS-1,,',
      'CSV-CS,CSV controlled,API,4.00,iv,yes,CSV-CS-2,II,no',
    ].join('\n');
    const imported = await c.post('/trpc/products.importCsv', { json: { csv } });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.result.data.json.errors).toEqual([]);
    const { body: list } = await c.get('/api/products?q=CSV-CS');
    const product = list.find((p: any) => p.sku === 'CSV-CS');
    expect(product).toMatchObject({ controlledSchedule: 'IV', bulkSubstance: true });
    expect(
      product.variants.map((v: any) => [v.variantSku, v.controlledSchedule, v.bulkSubstance]),
    ).toEqual([
      ['CSV-CS-1', null, false],
      ['CSV-CS-2', 'II', false],
    ]);
    // The same import again changes nothing; the export writes the columns back.
    const again = await c.post('/trpc/products.importCsv', { json: { csv } });
    expect(again.body.result.data.json).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    const exported = await t.server.app.inject({
      method: 'GET',
      url: '/api/products.csv?q=CSV-CS',
      headers: { cookie: c.cookie! },
    });
    const [header, ...rows] = exported.body.trim().split(/\r?\n/);
    expect(header).toContain(
      'controlled_schedule,bulk_substance,variant_controlled_schedule,variant_bulk_substance',
    );
    expect(rows.find((r) => r.includes('CSV-CS-2'))).toMatch(/,IV,true,II,false$/);
  });
});

describe('the gate, while the setting is off', () => {
  it('lets the spec flows run without any licence', async () => {
    await setRequired(false);
    const p = await newPharmacy();
    const order = await newOrder(p.id, [plainLine, controlledLine]);
    expect((await setStatus(order.id, 'Sent')).status).toBe(200);
    expect((await setStatus(order.id, 'Fulfilled')).status).toBe(200);
    expect((await issueInvoice(p.id, order.id)).status).toBe(201);
  });
});

describe('the gate', () => {
  beforeAll(() => setRequired(true));
  afterAll(() => setRequired(false));

  it('refuses sending, fulfilling and issuing with no state licence', async () => {
    const p = await newPharmacy();
    const order = await newOrder(p.id);
    expectRefused(
      await setStatus(order.id, 'Sent'),
      p.name,
      'State pharmacy licence for IL',
      'missing',
      order.orderNumber,
    );
    expect((await c.get(`/api/orders/${order.id}`)).body.status).toBe('Draft');
    expectRefused(await issueInvoice(p.id, null), p.name, 'missing');
    const draft = await issueInvoice(p.id, null, 'Draft');
    expect(draft.status).toBe(201);
    const issue = await c.put(`/api/invoices/${draft.body.id}`, { status: 'Unpaid' });
    expectRefused(issue, draft.body.invoiceNumber, 'missing');

    // Fulfil: sent while a licence held, refused once it is gone.
    const licence = await addLicence(p.id, {});
    expect((await setStatus(order.id, 'Sent')).status).toBe(200);
    await c.delete(`/api/licences/${licence.id}`);
    expectRefused(await setStatus(order.id, 'Fulfilled'), 'fulfil', 'missing');
    // Cancelling moves nothing: no licence asked.
    expect((await setStatus(order.id, 'Cancelled')).status).toBe(200);
  });

  it('refuses a licence that expired yesterday, with the date', async () => {
    const p = await newPharmacy();
    await addLicence(p.id, { number: 'IL-EXP', issuedOn: '2024-01-01', expiresOn: yesterday });
    const order = await newOrder(p.id);
    expectRefused(await setStatus(order.id, 'Sent'), `IL-EXP expired on ${yesterday}`);
    expectRefused(await issueInvoice(p.id, null), `expired on ${yesterday}`);
  });

  it('accepts a licence valid today, one expiring soon, and one without an expiry date', async () => {
    for (const expiresOn of [today, addDaysIso(today, 10), null]) {
      const p = await newPharmacy();
      await addLicence(p.id, { expiresOn });
      const order = await newOrder(p.id);
      expect((await setStatus(order.id, 'Sent')).status).toBe(200);
      expect((await setStatus(order.id, 'Fulfilled')).status).toBe(200);
      expect((await issueInvoice(p.id, order.id)).status).toBe(201);
    }
  });

  it('refuses a licence of another state, and a pharmacy with no shipping state', async () => {
    const p = await newPharmacy();
    await addLicence(p.id, { state: 'CA' });
    expectRefused(await setStatus((await newOrder(p.id)).id, 'Sent'), 'for IL', 'missing');
    const stateless = await newPharmacy({ shippingAddress: null });
    await addLicence(stateless.id, {});
    expectRefused(await setStatus((await newOrder(stateless.id)).id, 'Sent'), 'no shipping state');
  });

  it('takes a 503B registration in place of a state licence', async () => {
    const p = await newPharmacy();
    await addLicence(p.id, {
      kind: 'outsourcing_503b',
      number: 'FEI-1',
      state: null,
      expiresOn: addDaysIso(today, 100),
    });
    // A bulk substance ships only from a lot with a certificate of analysis (issue 30).
    const bulkProduct = (await c.get('/api/products?q=BULK-1')).body[0];
    const lot = await c.post('/api/lots', {
      productId: bulkProduct.id,
      lotNumber: 'BULK-LOT-1',
      expiryDate: addDaysIso(today, 400),
    });
    expect(lot.status, lot.text).toBe(201);
    const coa = await c.post(`/api/lots/${lot.body.id}/certificate`, {
      fileName: 'coa.pdf',
      contentBase64: PDF.toString('base64'),
    });
    expect(coa.status, coa.text).toBe(200);
    const order = await newOrder(p.id, [plainLine, { ...bulkLine, lotId: lot.body.id }]);
    expect((await setStatus(order.id, 'Sent')).status).toBe(200);
    expect((await setStatus(order.id, 'Fulfilled')).status).toBe(200);
    expect((await issueInvoice(p.id, order.id)).status).toBe(201);
  });

  it('needs a DEA registration covering each controlled line, at every step, with no override', async () => {
    const p = await newPharmacy();
    await addLicence(p.id, {});
    const order = await newOrder(p.id, [plainLine, controlledLine]);
    expectRefused(
      await setStatus(order.id, 'Sent'),
      'DEA registration covering schedule II',
      'CII-1',
      'missing',
    );
    const dea = await addLicence(p.id, {
      kind: 'dea',
      number: 'AB1234563',
      state: null,
      schedules: ['III', 'IV'],
    });
    const uncovered = await setStatus(order.id, 'Sent', { licenceOverrideReason: 'Please' });
    expectRefused(uncovered, 'schedule II not covered', 'AB1234563 covers III, IV');
    expect(uncovered.body.issues).toEqual([]);
    await c.put(`/api/licences/${dea.id}`, {
      kind: 'dea',
      number: 'AB1234563',
      schedules: ['II', 'III'],
    });
    expect((await setStatus(order.id, 'Sent')).status).toBe(200);
    // The registration lapses after sending: fulfilling and invoicing are refused.
    await t.db
      .updateTable('licences')
      .set({ issuedOn: null, expiresOn: yesterday })
      .where('id', '=', dea.id)
      .execute();
    expectRefused(await setStatus(order.id, 'Fulfilled'), 'DEA', `expired on ${yesterday}`);
    expectRefused(await issueInvoice(p.id, order.id), 'DEA', `expired on ${yesterday}`);
  });

  it('catches a state licence that expires between send and fulfil', async () => {
    const p = await newPharmacy();
    const licence = await addLicence(p.id, { number: 'IL-LAPSE', expiresOn: addDaysIso(today, 3) });
    const order = await newOrder(p.id);
    expect((await setStatus(order.id, 'Sent')).status).toBe(200);
    await t.db
      .updateTable('licences')
      .set({ expiresOn: yesterday })
      .where('id', '=', licence.id)
      .execute();
    expectRefused(await setStatus(order.id, 'Fulfilled'), `IL-LAPSE expired on ${yesterday}`);
  });

  it('lets an admin override a missing or expired state licence with a reason, logged in the history', async () => {
    const p = await newPharmacy();
    await addLicence(p.id, { number: 'IL-LATE', issuedOn: '2024-01-01', expiresOn: yesterday });
    const order = await newOrder(p.id);
    const refused = await setStatus(order.id, 'Sent');
    expectRefused(refused, 'expired on');
    // An admin is told an override is possible, on its field.
    expect(refused.body.issues[0].path).toEqual(['licenceOverrideReason']);
    expectRefused(
      await setStatus(order.id, 'Sent', { licenceOverrideReason: '   ' }),
      'expired on',
    );
    const sent = await setStatus(order.id, 'Sent', {
      licenceOverrideReason: 'Renewal filed, board confirmed by phone',
    });
    expect(sent.status, sent.text).toBe(200);
    expect(
      (await setStatus(order.id, 'Fulfilled', { licenceOverrideReason: 'Same renewal' })).status,
    ).toBe(200);
    const history = await c.get(`/api/activity?entityType=order&entityId=${order.id}`);
    const notes = history.body.map((entry: any) => entry.note);
    expect(notes).toContain(
      'Licence requirement overridden: Renewal filed, board confirmed by phone',
    );
    expect(notes).toContain('Licence requirement overridden: Same renewal');
    const log = await t.db
      .selectFrom('activityLog')
      .select('details')
      .where('entityType', '=', 'order')
      .where('entityId', '=', order.id)
      .where('action', '=', 'update')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(log.details).toMatchObject({
      changes: [{ field: 'status', from: 'Draft', to: 'Sent' }],
      licenceOverride: {
        refusal: expect.stringContaining(`IL-LATE expired on ${yesterday}`),
        overrideReason: 'Renewal filed, board confirmed by phone',
      },
    });
    // Issuing the invoice has no override.
    expectRefused(await issueInvoice(p.id, order.id), 'expired on');
  });

  it('has no override for a bulk substance, nor for a role other than admin', async () => {
    const p = await newPharmacy();
    const bulk = await newOrder(p.id, [bulkLine]);
    const refused = await setStatus(bulk.id, 'Sent', { licenceOverrideReason: 'Trust me' });
    expectRefused(refused, 'BULK-1 is a bulk substance');
    expect(refused.body.issues).toEqual([]);

    const sales = await t.signedIn();
    const me = await sales.get('/api/user');
    await t.db.updateTable('users').set({ role: 'sales' }).where('id', '=', me.body.id).execute();
    const order = await newOrder(p.id);
    const plain = await sales.put(`/api/orders/${order.id}`, { status: 'Sent' });
    expectRefused(plain, 'missing');
    expect(plain.body.issues).toEqual([]);
    const forbidden = await sales.put(`/api/orders/${order.id}`, {
      status: 'Sent',
      licenceOverrideReason: 'Please',
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(
      'A sales user may not override a missing or expired licence',
    );
    expect((await c.get(`/api/orders/${order.id}`)).body.status).toBe('Draft');
    // Licences are written by accountants and admins only.
    expect(
      (
        await sales.post(`/api/pharmacies/${p.id}/licences`, {
          kind: 'dea',
          number: 'X',
          schedules: ['II'],
        })
      ).status,
    ).toBe(403);
  });

  it('leaves the licence settings to an admin', async () => {
    const accountant = await t.signedIn();
    const me = await accountant.get('/api/user');
    await t.db
      .updateTable('users')
      .set({ role: 'accountant' })
      .where('id', '=', me.body.id)
      .execute();
    const off = await accountant.put('/api/settings', {
      holdDaysPastDue: 60,
      requireLicences: false,
    });
    expect(off.status).toBe(403);
    expect((await c.get('/api/settings')).body.requireLicences).toBe(true);
    const hold = await accountant.put('/api/settings', {
      holdDaysPastDue: 61,
      requireLicences: true,
    });
    expect(hold.status, hold.text).toBe(200);
    expect((await c.put('/api/settings', { holdDaysPastDue: 60 })).body).toEqual({
      holdDaysPastDue: 60,
      requireLicences: true,
      licenceWarningDays: 30,
      autoApplyOnIssue: false,
    });
  });

  it('refuses over tRPC alike', async () => {
    const p = await newPharmacy();
    const order = await newOrder(p.id);
    const res = await c.post('/trpc/orders.update', {
      json: { id: order.id, data: { status: 'Sent' } },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.json.data.code).toBe('LICENCE_REQUIRED');
    expect(res.body.error.json.message).toContain(p.name);
  });

  it('lists the licence problems, with their counts', async () => {
    const p = await newPharmacy();
    await addLicence(p.id, { number: 'IL-GONE', expiresOn: yesterday, issuedOn: '2024-01-01' });
    await addLicence(p.id, {
      kind: 'dea',
      number: 'DEA-SOON',
      state: null,
      schedules: ['II'],
      expiresOn: addDaysIso(today, 20),
    });
    await addLicence(p.id, { kind: 'resale_certificate', number: 'RS-OPEN' });
    const res = await c.get('/api/licences/issues');
    expect(res.status).toBe(200);
    const mine = res.body.pharmacies.find((x: any) => x.pharmacyId === p.id);
    expect(mine.problems.map((x: any) => [x.problem, x.number])).toEqual([
      ['expired', 'IL-GONE'],
      ['expiring', 'DEA-SOON'],
      ['no_expiry', 'RS-OPEN'],
      ['missing', null],
    ]);
    for (const key of ['expired', 'expiring', 'missing', 'no_expiry']) {
      expect(res.body.counts[key]).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('property: controlled lines ship only under a covering DEA registration', () => {
  const SCHEDULES = ['II', 'IIN', 'III', 'IIIN', 'IV', 'V'] as const;
  let pharmacy: { id: number };
  beforeAll(async () => {
    await setRequired(true);
    pharmacy = await newPharmacy();
    await addLicence(pharmacy.id, {});
    for (const s of SCHEDULES) {
      await c.post('/api/products', {
        sku: `CS-${s}`,
        name: `Controlled ${s}`,
        category: 'API',
        defaultPrice: '1.00',
      });
      await t.db
        .updateTable('products')
        .set({ controlledSchedule: s })
        .where('sku', '=', `CS-${s}`)
        .execute();
    }
  });
  afterAll(() => setRequired(false));

  /** Whether a DEA registration valid today covers every schedule of the order's lines, read now. */
  async function covered(orderId: number): Promise<boolean> {
    const lines = await t.db
      .selectFrom('orderLineItems as l')
      .innerJoin('products as p', 'p.sku', 'l.productSku')
      .select('p.controlledSchedule')
      .where('l.orderId', '=', orderId)
      .execute();
    const deas = await t.db
      .selectFrom('licences')
      .selectAll()
      .where('pharmacyId', '=', pharmacy.id)
      .where('kind', '=', 'dea')
      .execute();
    const valid = deas.filter(
      (d) =>
        (d.issuedOn === null || d.issuedOn <= today) &&
        (d.expiresOn === null || d.expiresOn >= today),
    );
    return lines.every(
      (l) =>
        l.controlledSchedule === null ||
        valid.some((d) => d.schedules.includes(l.controlledSchedule!)),
    );
  }

  const schedules = fc.subarray([...SCHEDULES], { minLength: 1 });
  const command = fc.oneof(
    fc.record({
      kind: fc.constant('addDea' as const),
      schedules,
      expiry: fc.integer({ min: -3, max: 3 }),
    }),
    fc.record({ kind: fc.constant('dropDea' as const), pick: fc.nat(20) }),
    fc.record({ kind: fc.constant('order' as const), schedules: fc.subarray([...SCHEDULES]) }),
    fc.record({
      kind: fc.constant('step' as const),
      pick: fc.nat(20),
      to: fc.constantFrom('Sent', 'Fulfilled', 'invoice'),
      reason: fc.constantFrom(undefined, 'Admin says so'),
    }),
  );

  it('holds for any sequence of requests', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands) => {
        await t.db
          .deleteFrom('licences')
          .where('pharmacyId', '=', pharmacy.id)
          .where('kind', '=', 'dea')
          .execute();
        const orders: number[] = [];
        const deas: number[] = [];
        for (const cmd of commands) {
          if (cmd.kind === 'addDea') {
            const res = await c.post(`/api/pharmacies/${pharmacy.id}/licences`, {
              kind: 'dea',
              number: 'DEA',
              schedules: cmd.schedules,
              expiresOn: addDaysIso(today, cmd.expiry),
            });
            deas.push(res.body.id);
          } else if (cmd.kind === 'dropDea') {
            if (deas.length) await c.delete(`/api/licences/${deas[cmd.pick % deas.length]}`);
          } else if (cmd.kind === 'order') {
            const lines = [
              plainLine,
              ...cmd.schedules.map((s) => ({
                productSku: `CS-${s}`,
                description: s,
                qty: 1,
                unitPrice: '1.00',
              })),
            ];
            orders.push((await newOrder(pharmacy.id, lines)).id);
          } else if (orders.length) {
            const orderId = orders[cmd.pick % orders.length]!;
            const res =
              cmd.to === 'invoice'
                ? await issueInvoice(pharmacy.id, orderId)
                : await setStatus(orderId, cmd.to, { licenceOverrideReason: cmd.reason });
            expect([200, 201, 409]).toContain(res.status);
            if (res.status < 300) expect(await covered(orderId)).toBe(true);
          }
        }
      }),
      { numRuns: 15 },
    );
  });
});
