/**
 * The OpenAPI document against the server: every operation it lists is called with realistic
 * input, and each answer's status must be one the document gives for that operation and its
 * body must match the document's schema for it (ajv, JSON Schema 2020-12, formats checked).
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type Response, type TestApp } from './helpers.js';

type Method = 'get' | 'post' | 'put' | 'delete';

interface DocumentedResponse {
  $ref?: string;
  content?: Record<string, { schema?: object }>;
}
interface Operation {
  operationId: string;
  responses: Record<string, DocumentedResponse>;
}
interface OpenApiDocument {
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components?: { schemas?: Record<string, object>; responses?: Record<string, DocumentedResponse> };
}

let t: TestApp;
let c: Client;
let doc: OpenApiDocument;
const operations = new Map<string, { method: Method; path: string; operation: Operation }>();
const called = new Set<string>();

// Union types (`type: ['string', 'number']`) are plain JSON Schema; strict mode asks for them by name.
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
addFormats(ajv);

beforeAll(async () => {
  t = await startTestApp();
  const res = await t.client().get('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
  // The document's own schema references (#/components/schemas/X) resolve inside it.
  ajv.addSchema({ $id: 'doc', $defs: doc.components?.schemas ?? {} });
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item) as [Method, Operation][]) {
      operations.set(operation.operationId, { method, path, operation });
    }
  }
});
afterAll(() => t.close());

const validators = new Map<object, ValidateFunction>();
function validatorFor(schema: object): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    const resolved = JSON.parse(
      JSON.stringify(schema).replaceAll('"#/components/schemas/', '"doc#/$defs/'),
    );
    validate = ajv.compile(resolved);
    validators.set(schema, validate);
  }
  return validate;
}

interface CallInput {
  path?: Record<string, string | number | undefined>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Another client than the signed-in user's (a signed-out one). */
  as?: Client;
}

/** A response object, or the one in components/responses that it refers to. */
function resolved(response: DocumentedResponse): DocumentedResponse {
  if (!response.$ref) return response;
  const name = response.$ref.replace('#/components/responses/', '');
  const target = doc.components?.responses?.[name];
  if (!target) throw new Error(`the document refers to a missing ${response.$ref}`);
  return target;
}

/** 'text/csv; charset=utf-8' → 'text/csv'. */
const mediaType = (type: string) => type.split(';', 1)[0]!.trim();

/**
 * Calls the operation whose operationId is `key` and checks the answer against the document: the status
 * expected, one the operation documents, a content type it documents for that status, and a
 * JSON body that its schema accepts.
 */
async function call(key: string, status: number, input: CallInput = {}): Promise<Response> {
  const entry = operations.get(key);
  if (!entry) throw new Error(`the document has no operation ${key}`);
  const { method, path, operation } = entry;
  let url = path.replace(/\{(\w+)\}/g, (_all, name: string) => {
    const value = input.path?.[name];
    if (value === undefined) throw new Error(`${key}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams(
    Object.entries(input.query ?? {}).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, String(value)] as [string, string]],
    ),
  ).toString();
  if (query) url += `?${query}`;
  const res = await (input.as ?? c).request(
    method.toUpperCase() as Uppercase<Method>,
    url,
    input.body,
    input.headers,
  );
  called.add(key);

  expect(res.status, `${key}: ${res.text.slice(0, 500)}`).toBe(status);
  const documented = operation.responses[String(status)];
  expect(documented, `${key} answered ${status}, which the document does not list`).toBeDefined();
  const content = Object.fromEntries(
    Object.entries(resolved(documented!).content ?? {}).map(([type, media]) => [
      mediaType(type),
      media,
    ]),
  );
  const type = mediaType(String(res.headers['content-type'] ?? ''));
  expect(Object.keys(content), `${key} ${status}: the content type`).toContain(type);
  const schema = content[type]!.schema;
  if (type === 'application/json') {
    expect(schema, `${key} ${status}: JSON with no schema`).toBeDefined();
    const validate = validatorFor(schema!);
    expect(
      validate(res.body) ? [] : validate.errors,
      `${key} ${status}: the body does not match the document`,
    ).toEqual([]);
  }
  return res;
}

const month = { from: '2026-03-01', to: '2026-03-31' };
const LOT = 'LOT-2026-031';

describe('every operation of the document, as a user would call it', () => {
  const ids: Record<string, number> = {};

  it('registers, reads the user, signs out and in again', async () => {
    c = t.client();
    const account = { email: 'contract@riverside.example', password: 'secret12' };
    await call('auth.register', 201, {
      body: { ...account, firstName: 'Casey', lastName: 'Quinn' },
    });
    await call('auth.user', 200);
    await call('auth.logout', 200);
    await call('auth.login', 200, { body: account });
  });

  it('pharmacies', async () => {
    const created = await call('pharmacies.create', 201, {
      body: {
        name: 'Riverside Compounding Pharmacy',
        contactName: 'Rita Lane',
        email: 'ap@riverside.example',
        phone: '503-555-0100',
        billingAddress: '1 Main St, Salem, OR 97301',
      },
    });
    ids.pharmacy = created.body.id;
    await call('pharmacies.list', 200, { query: { q: 'Riverside', limit: 10 } });
    await call('pharmacies.get', 200, { path: { id: ids.pharmacy } });
    await call('pharmacies.update', 200, {
      path: { id: ids.pharmacy },
      body: { name: 'Riverside Compounding Pharmacy', email: 'billing@riverside.example' },
    });
  });

  it('licences', async () => {
    const licence = await call('licences.create', 201, {
      path: { id: ids.pharmacy },
      body: { kind: 'state_pharmacy', number: 'OR-55123', state: 'OR', expiresOn: '2030-06-30' },
    });
    ids.licence = licence.body.id;
    await call('licences.list', 200, { path: { id: ids.pharmacy } });
    await call('licences.get', 200, { path: { id: ids.licence } });
    await call('licences.update', 200, {
      path: { id: ids.licence },
      body: { kind: 'state_pharmacy', number: 'OR-55123', state: 'OR', verified: true },
    });
    await call('licences.uploadDocument', 200, {
      path: { id: ids.licence },
      body: {
        fileName: 'licence.pdf',
        contentBase64: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
      },
    });
    await call('downloadLicencesIdDocument', 200, { path: { id: ids.licence } });
    await call('licences.issues', 200);
  });

  it('products, variants and the catalogue import', async () => {
    const product = await call('products.create', 201, {
      body: {
        sku: 'VL-10ML-CLR',
        name: '10 mL clear serum vial',
        category: 'Vial',
        defaultPrice: '12.50',
        active: true,
      },
    });
    ids.product = product.body.id;
    const variant = await call('products.createVariant', 201, {
      body: {
        parentSku: 'VL-10ML-CLR',
        variantSku: 'VL-10ML-CLR-STR',
        size: '10 mL',
        sterile: true,
        packageQty: 100,
        defaultPrice: '14.00',
      },
    });
    ids.variant = variant.body.id;
    await call('products.list', 200, { query: { category: 'Vial' } });
    await call('products.get', 200, { path: { id: ids.product } });
    await call('products.update', 200, { path: { id: ids.product }, body: { active: true } });
    await call('products.importCatalog', 200, { path: { provider: 'medsupply-direct' } });
  });

  it('lots, their certificate and the minimum shelf life', async () => {
    const lot = await call('lots.create', 201, {
      body: { variantId: ids.variant, lotNumber: 'VL10-2611-A', expiryDate: '2030-12-31' },
    });
    ids.lot = lot.body.id;
    await call('lots.list', 200, { query: { variantId: ids.variant, status: 'released' } });
    await call('lots.get', 200, { path: { id: ids.lot } });
    await call('lots.update', 200, {
      path: { id: ids.lot },
      body: { status: 'on_hold', reason: 'Particulate complaint' },
    });
    await call('lots.uploadCertificate', 200, {
      path: { id: ids.lot },
      body: {
        fileName: 'coa.pdf',
        contentBase64: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
      },
    });
    await call('downloadLotsIdCertificate', 200, { path: { id: ids.lot } });
    await call('lots.usage', 200, { path: { id: ids.lot } });
    await call('downloadLotsCsv', 200, { query: { status: 'on_hold' } });
    await call('lots.settings', 200);
    await call('lots.updateSettings', 200, { body: { minShelfLifeDays: 180 } });
    await call('lots.pharmacyShelfLife', 200, { path: { id: ids.pharmacy } });
    await call('lots.setPharmacyShelfLife', 200, {
      path: { id: ids.pharmacy },
      body: { minShelfLifeDays: 90 },
    });
  });

  it('orders: created, sent, fulfilled', async () => {
    const order = await call('orders.create', 201, {
      body: {
        pharmacyId: ids.pharmacy,
        orderDate: '2026-03-02',
        shipMethod: 'Ground Shipping',
        lineItems: [
          {
            productSku: 'VL-10ML-CLR',
            variantSku: 'VL-10ML-CLR-STR',
            description: '10 mL clear serum vial, sterile',
            qty: 3,
            unitPrice: '14.00',
          },
        ],
      },
    });
    ids.order = order.body.id;
    await call('orders.list', 200, { query: { status: 'Draft' } });
    await call('orders.get', 200, { path: { id: ids.order } });
    for (const status of ['Sent', 'Fulfilled']) {
      await call('orders.update', 200, { path: { id: ids.order }, body: { status } });
    }
  });

  it('invoices', async () => {
    const invoice = await call('invoices.create', 201, {
      body: {
        pharmacyId: ids.pharmacy,
        fromOrderId: ids.order,
        invoiceDate: '2026-03-05',
        dueDate: '2026-04-04',
        terms: 'Net 30',
        lotNumber: LOT,
        taxRate: '0.0000',
        shipping: '8.00',
        status: 'Draft',
      },
    });
    ids.invoice = invoice.body.id;
    await call('invoices.update', 200, { path: { id: ids.invoice }, body: { status: 'Unpaid' } });
    await call('invoices.list', 200, { query: { tab: 'unpaid' } });
    await call('invoices.get', 200, { path: { id: ids.invoice } });
  });

  it('payments: two parts, one of them corrected', async () => {
    const payment = {
      pharmacyId: ids.pharmacy,
      invoiceId: ids.invoice,
      date: '2026-03-12',
      amount: '20.00',
      method: 'ACH',
    };
    const first = await call('payments.create', 201, {
      body: payment,
      headers: { 'Idempotency-Key': 'contract-payment-1' },
    });
    ids.payment = first.body.id;
    await call('payments.update', 200, {
      path: { id: ids.payment },
      body: { ...payment, reference: 'ACH 55120' },
    });
    await call('payments.create', 201, {
      body: { ...payment, date: '2026-03-20', amount: '30.00', method: 'Check' },
    });
    await call('payments.list', 200, { query: { invoiceId: ids.invoice } });
    await call('payments.get', 200, { path: { id: ids.payment } });
  });

  it('cash application: a payment to the account, allocations, a credit note, a refund', async () => {
    const open = await call('invoices.create', 201, {
      body: {
        pharmacyId: ids.pharmacy,
        invoiceDate: '2026-03-06',
        dueDate: '2026-04-05',
        amount: '100.00',
        status: 'Unpaid',
      },
    });
    ids.openInvoice = open.body.id;
    const account = await call('payments.create', 201, {
      body: {
        pharmacyId: ids.pharmacy,
        date: '2026-03-21',
        amount: '15.00',
        method: 'Check',
        allocations: [{ invoiceId: ids.openInvoice, amount: '2.00' }],
      },
    });
    const allocation = await call('payments.allocate', 201, {
      path: { id: account.body.id },
      body: { invoiceId: ids.openInvoice, amount: '1.00' },
    });
    await call('allocations.get', 200, { path: { id: allocation.body.id } });
    await call('allocations.void', 200, {
      path: { id: allocation.body.id },
      body: { reason: 'Applied twice' },
    });
    await call('allocations.propose', 200, { path: { id: ids.pharmacy } });
    await call('allocations.confirm', 201, {
      body: {
        pharmacyId: ids.pharmacy,
        allocations: [{ paymentId: account.body.id, invoiceId: ids.openInvoice, amount: '1.00' }],
      },
    });
    await call('creditNotes.creditableLines', 200, { path: { id: ids.invoice } });
    const note = await call('creditNotes.create', 201, {
      body: { pharmacyId: ids.pharmacy, date: '2026-03-22', reason: 'Goodwill', amount: '5.00' },
    });
    ids.creditNote = note.body.id;
    await call('creditNotes.allocate', 201, {
      path: { id: ids.creditNote },
      body: { invoiceId: ids.openInvoice, amount: '1.00' },
    });
    await call('creditNotes.list', 200, { query: { pharmacyId: ids.pharmacy } });
    await call('creditNotes.get', 200, { path: { id: ids.creditNote } });
    await call('allocations.ofInvoice', 200, { path: { id: ids.openInvoice } });
    const refund = await call('refunds.create', 201, {
      body: { paymentId: account.body.id, amount: '1.00', date: '2026-03-23', method: 'ACH' },
    });
    await call('refunds.get', 200, { path: { id: refund.body.id } });
    await call('refunds.list', 200, { query: { pharmacyId: ids.pharmacy } });
  });

  it('statement, dashboard, reports, settings, search, activity and recall', async () => {
    await call('statements.get', 200, { path: { id: ids.pharmacy }, query: month });
    await call('dashboard.summary', 200);
    await call('reports.get', 200);
    await call('settings.get', 200);
    await call('settings.update', 200, { body: { holdDaysPastDue: 45 } });
    await call('search.find', 200, { query: { q: 'Riverside' } });
    await call('activity.list', 200, { query: { entityType: 'invoice', entityId: ids.invoice } });
    await call('recall.find', 200, { query: { lot: LOT } });
  });

  it('emails: an invoice and a statement held (no SMTP server), the outbox, the templates', async () => {
    const sent = await call('emails.sendInvoice', 202, {
      path: { id: ids.invoice },
      body: { cc: ['owner@riverside.example'], message: 'Thank you' },
    });
    await call('emails.sendOrder', 202, { path: { id: ids.order }, body: {} });
    await call('emails.sendCreditNote', 202, { path: { id: ids.creditNote }, body: {} });
    await call('emails.sendStatement', 202, {
      path: { id: ids.pharmacy },
      body: { ...month, recipients: ['ap@riverside.example'] },
    });
    await call('emails.list', 200, { query: { entityType: 'invoice', entityId: ids.invoice } });
    await call('emails.get', 200, { path: { id: sent.body.emailId } });
    await call('emails.retry', 409, { path: { id: sent.body.emailId } });
    const templates = await call('emails.templates', 200);
    const invoiceTemplate = templates.body.find((x: { kind: string }) => x.kind === 'invoice');
    await call('emails.updateTemplate', 200, {
      path: { id: invoiceTemplate.id },
      body: { subject: invoiceTemplate.subject, bodyText: 'Hi {pharmacy}', bodyHtml: '<p>Hi</p>' },
    });
  });

  it('dunning: the levels, a pharmacy paused, notices approved and skipped', async () => {
    const settings = await call('dunning.settings', 200);
    await call('dunning.updateSettings', 200, {
      body: { ...settings.body, enabled: true, levels: settings.body.levels },
    });
    await call('dunning.pause', 200, { path: { id: ids.pharmacy }, body: { paused: false } });
    await call('dunning.pharmacy', 200, { path: { id: ids.pharmacy } });
    const draft = async () =>
      (
        await t.db
          .insertInto('dunningNotices')
          .values({
            pharmacyId: ids.pharmacy!,
            level: 1,
            runDate: '2026-04-06',
            status: 'draft',
            items: '[]',
            total: '0.00',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const skipped = await draft();
    await call('dunning.due', 200);
    await call('dunning.skip', 200, { path: { id: skipped } });
    // Its invoices (none here) were all paid since: cancelled, nothing sent.
    await call('dunning.approve', 409, { path: { id: await draft() } });
    await call('dunning.list', 200, { query: { pharmacyId: ids.pharmacy } });
    // A fee as approving a level with a fee charges it: the notice's fee, on its pharmacy.
    const charged = await t.db
      .insertInto('dunningNotices')
      .values({
        pharmacyId: ids.pharmacy!,
        level: 1,
        runDate: '2026-04-06',
        status: 'queued',
        items: '[]',
        total: '0.00',
        fee: '5.00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fee = await t.db
      .insertInto('dunningFees')
      .values({
        pharmacyId: ids.pharmacy!,
        noticeId: charged.id,
        date: '2026-04-06',
        amount: '5.00',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await call('dunning.fees', 200, { path: { id: ids.pharmacy } });
    await call('dunning.waiveFee', 200, { path: { id: fee.id }, body: { reason: 'Goodwill' } });
  });

  it('users, invitations and API tokens', async () => {
    const users = await call('users.list', 200);
    const me = users.body.find((u: { email: string }) => u.email === 'contract@riverside.example');
    await call('users.update', 200, { path: { id: me.id }, body: { role: 'admin' } });
    const invited = await call('invitations.create', 201, {
      body: { email: 'invitee@riverside.example', role: 'sales' },
    });
    await call('invitations.list', 200);
    const token = new URL(invited.body.url).hash.replace('#token=', '');
    await call('invitations.accept', 201, {
      as: t.client(),
      body: { token, password: 'secret12', firstName: 'Ivy' },
    });
    const second = await call('invitations.create', 201, {
      body: { email: 'second@riverside.example', role: 'viewer' },
    });
    await call('invitations.revoke', 200, { path: { id: second.body.id } });
    const created = await call('tokens.create', 201, { body: { name: 'Shop', role: 'sales' } });
    await call('tokens.list', 200);
    await call('tokens.revoke', 200, { path: { id: created.body.id } });
  });

  it('recalls: opened, a notice through its steps, the letter, closed', async () => {
    // A pharmacy of its own: the earlier operations leave the shared one on credit hold.
    const pharmacy = await c.post('/api/pharmacies', {
      name: 'Recall Test Pharmacy',
      email: 'recall@example.com',
    });
    expect(pharmacy.status, pharmacy.text).toBe(201);
    const pharmacyId: number = pharmacy.body.id;
    // A lot of its own product, which the deletes below leave alone: a recalled lot stays.
    const product = await c.post('/api/products', {
      sku: 'VL-RCL',
      name: 'Recalled vial',
      category: 'Vial',
      defaultPrice: '1.00',
    });
    const variant = await c.post('/api/product-variants', {
      parentSku: 'VL-RCL',
      variantSku: 'VL-RCL-2R',
      packageQty: 1,
      defaultPrice: '1.00',
    });
    expect([product.status, variant.status]).toEqual([201, 201]);
    const lot = await c.post('/api/lots', {
      variantId: variant.body.id,
      lotNumber: 'RCL-LOT-1',
      expiryDate: '2031-12-31',
    });
    // Invoice lines come from an order: one line of the lot, shipped and invoiced.
    const order = await c.post('/api/orders', {
      pharmacyId,
      orderDate: '2026-03-04',
      lineItems: [
        {
          productSku: 'VL-RCL',
          variantSku: 'VL-RCL-2R',
          description: '2R vials',
          qty: 5,
          unitPrice: '1.00',
          lotId: lot.body.id,
        },
      ],
    });
    expect(order.status, order.text).toBe(201);
    for (const status of ['Sent', 'Fulfilled']) {
      const moved = await c.put(`/api/orders/${order.body.id}`, { status });
      expect(moved.status, moved.text).toBe(200);
    }
    const invoice = await c.post('/api/invoices', {
      pharmacyId,
      fromOrderId: order.body.id,
      invoiceDate: '2026-03-05',
      dueDate: '2026-04-04',
      amount: null,
      status: 'Unpaid',
    });
    expect(invoice.status, invoice.text).toBe(201);
    const recall = await call('recalls.create', 201, {
      body: { lotIds: [lot.body.id], reason: 'Cracked necks', class: 'II' },
    });
    ids.recall = recall.body.id;
    await call('recalls.list', 200, { query: { status: 'open' } });
    await call('recalls.get', 200, { path: { id: ids.recall } });
    // No SMTP server here: the letter's email is held and the notice stays to notify.
    await call('recalls.emailNotices', 200, { path: { id: ids.recall }, body: {} });
    await call('recalls.updateNotice', 200, {
      path: { id: ids.recall, pharmacyId: pharmacyId },
      body: { status: 'notified', channel: 'phone', at: '2026-03-06T15:00:00Z', by: 'Casey' },
    });
    await call('recalls.updateNotice', 409, {
      path: { id: ids.recall, pharmacyId: pharmacyId },
      body: { status: 'notified', channel: 'email' },
    });
    await call('recalls.updateNotice', 200, {
      path: { id: ids.recall, pharmacyId: pharmacyId },
      body: { status: 'acknowledged', contact: 'Rita Lane', quantityReturned: 5 },
    });
    await call('downloadRecallsIdLettersPharmacyIdPdf', 200, {
      path: { id: ids.recall, pharmacyId: pharmacyId },
    });
    await call('downloadRecallsCsv', 200);
    await call('recalls.close', 200, { path: { id: ids.recall }, body: {} });
  });

  it('the files: PDFs and CSV exports', async () => {
    await call('downloadPharmaciesCsv', 200);
    await call('downloadProductsCsv', 200);
    await call('downloadOrdersCsv', 200);
    await call('downloadOrdersIdDownload', 200, { path: { id: ids.order } });
    await call('downloadInvoicesCsv', 200);
    await call('downloadInvoicesIdDownload', 200, { path: { id: ids.invoice } });
    await call('downloadPaymentsCsv', 200);
    await call('downloadCredit-notesCsv', 200);
    await call('downloadCredit-notesIdDownload', 200, { path: { id: ids.creditNote } });
    await call('downloadPharmaciesIdStatementPdf', 200, {
      path: { id: ids.pharmacy },
      query: month,
    });
    await call('downloadReportsAgingCsv', 200);
    await call('downloadReportsOutstandingCsv', 200);
    await call('downloadRecallPdf', 200, { query: { lot: LOT } });
    await call('downloadRecallCsv', 200, { query: { lot: LOT } });
    // The in-memory and PostgreSQL databases of these tests are backed up by nobody.
    await call('downloadBackupsName', 404, { path: { name: 'pharmsupply-none.backup' } });
    await call('openapi', 200);
  });

  it('deletes, children before parents', async () => {
    await call('licences.delete', 200, { path: { id: ids.licence } });
    await call('payments.delete', 200, { path: { id: ids.payment } });
    await call('invoices.delete', 200, { path: { id: ids.invoice } });
    await call('orders.delete', 200, { path: { id: ids.order } });
    await call('products.deleteVariant', 200, { path: { id: ids.variant } });
    await call('products.delete', 200, { path: { id: ids.product } });
    await call('pharmacies.delete', 200, { path: { id: ids.pharmacy } });
  });

  it('answers failures with the documented error body', async () => {
    const bad = await call('pharmacies.create', 400, { body: { name: '', email: 'not-an-email' } });
    expect(bad.body.code).toBe('INVALID');
    expect(bad.body.issues.map((issue: { path: string[] }) => issue.path.join('.'))).toEqual(
      expect.arrayContaining(['name', 'email']),
    );
    const signedOut = await call('orders.list', 401, { as: t.client() });
    expect(signedOut.body).toMatchObject({ code: 'UNAUTHORIZED' });
    const missing = await call('invoices.get', 404, { path: { id: 999_999 } });
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND' });
    await call('products.create', 201, {
      body: { sku: 'CP-13MM-BLU', name: '13 mm blue cap', category: 'Cap', defaultPrice: '0.05' },
    });
    const taken = await call('products.create', 409, {
      body: { sku: 'CP-13MM-BLU', name: 'Another cap', category: 'Cap', defaultPrice: '0.06' },
    });
    expect(taken.body).toMatchObject({ code: 'DUPLICATE' });
  });

  it('called every operation in the document', () => {
    expect([...operations.keys()].filter((key) => !called.has(key))).toEqual([]);
  });
});
