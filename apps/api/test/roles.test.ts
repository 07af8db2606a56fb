/**
 * Issue 26: the permission matrix, generated from the roles table. Every signed-in procedure is
 * called by every role, signed in by cookie over tRPC and, where it has a REST path, by API token
 * over REST, with a valid request against real records. Where the role holds the procedure's
 * permission the answer is anything but 403; where it does not, 403 FORBIDDEN and every table
 * is as it was. Then the rules only the data decides (credit limit, deletes through money, the
 * credit-hold override, the settings), each refused without changing anything.
 */
import type { AnyProcedure } from '@trpc/server';
import { can, PERMISSIONS, ROLES, type Role } from '@pharm/validators/roles';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcedureMeta } from '../src/lib/http/rest-meta.js';
import { modules } from '../src/modules/index.js';
import { appRouter } from '../src/root.js';
import { bearer, signedInAs, startTestApp, tokenOf, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let admin: Client;
const cookie = {} as Record<Role, Client>;
const tokens = {} as Record<Role, string>;
const emails = {} as Record<Role, string>;
const base = {
  pharmacy: 0,
  order: 0,
  invoice: 0,
  payment: 0,
  product: 0,
  licence: 0,
  creditNote: 0,
  recall: 0,
  lot: 0,
  lotVariant: 0,
  target: '',
};
const PHARMACY = { name: 'Riverside Pharmacy', email: 'orders@riverside.example' };
const LOT = 'LOT-ROLES-1';
const CSV_HEADER =
  'sku,name,category,default_price,active,variant_sku,size,color,material,sterile,package_qty,variant_price,notes';
let serial = 0;
const unique = (prefix: string) =>
  `${prefix}-${++serial}-${Math.random().toString(36).slice(2, 7)}`;

async function created(res: { status: number; text: string; body: { id: number } }) {
  if (res.status !== 201) throw new Error(`setup failed: ${res.status} ${res.text}`);
  return res.body.id;
}
const newPharmacy = async () => created(await admin.post('/api/pharmacies', PHARMACY));
async function newProduct() {
  const sku = unique('RP');
  const id = await created(
    await admin.post('/api/products', {
      sku,
      name: 'Vial',
      category: 'Vial',
      defaultPrice: '2.00',
    }),
  );
  return { id, sku };
}
async function newVariant() {
  const { sku } = await newProduct();
  return created(
    await admin.post('/api/product-variants', {
      parentSku: sku,
      variantSku: `${sku}-S`,
      size: '2 mL',
      sterile: true,
      packageQty: 10,
      defaultPrice: '3.00',
    }),
  );
}
async function newOrder() {
  return created(
    await admin.post('/api/orders', {
      pharmacyId: base.pharmacy,
      orderDate: '2026-03-02',
      shipMethod: 'Ground Shipping',
      lineItems: [{ productSku: 'RP-BASE', description: 'Vial', qty: 2, unitPrice: '2.00' }],
    }),
  );
}
async function newInvoice(status: 'Draft' | 'Unpaid' = 'Unpaid') {
  return created(
    await admin.post('/api/invoices', {
      pharmacyId: base.pharmacy,
      invoiceDate: '2026-03-05',
      // Not yet due: the pharmacy stays off credit hold, so its orders can be sent.
      dueDate: '2030-01-01',
      lotNumber: LOT,
      amount: '100000.00',
      status,
    }),
  );
}
const paymentOf = (invoiceId: number) => ({
  invoiceId,
  pharmacyId: base.pharmacy,
  date: '2026-03-12',
  amount: '1.00',
  method: 'ACH',
});
const newPayment = async () => created(await admin.post('/api/payments', paymentOf(base.invoice)));
/** A payment to the account, all of it unapplied (issue 27). */
const newAccountPayment = async () =>
  created(
    await admin.post('/api/payments', {
      pharmacyId: base.pharmacy,
      date: '2026-03-12',
      amount: '5.00',
      method: 'Check',
      allocations: [],
    }),
  );
const newCreditNote = async () =>
  created(
    await admin.post('/api/credit-notes', {
      pharmacyId: base.pharmacy,
      date: '2026-03-12',
      reason: 'Roles',
      amount: '5.00',
    }),
  );
const newAllocation = async () =>
  created(
    await admin.post(`/api/payments/${await newAccountPayment()}/allocations`, {
      invoiceId: base.invoice,
      amount: '1.00',
    }),
  );
const newRefund = async () =>
  created(
    await admin.post('/api/refunds', {
      paymentId: await newAccountPayment(),
      amount: '1.00',
      date: '2026-03-13',
      method: 'ACH',
    }),
  );
const licenceOf = () => ({ kind: 'state_pharmacy', number: unique('ST'), state: 'IL' });
const newLicence = async () =>
  created(await admin.post(`/api/pharmacies/${base.pharmacy}/licences`, licenceOf()));
/** A fresh lot of a fresh variant, for a recall to take. */
async function newLot() {
  return created(
    await admin.post('/api/lots', {
      variantId: await newVariant(),
      lotNumber: unique('RL'),
      expiryDate: '2031-01-01',
    }),
  );
}
const newRecall = async () =>
  created(
    await admin.post('/api/recalls', { lotIds: [await newLot()], reason: 'Roles', class: 'III' }),
  );
const newInvitation = async () =>
  created(
    await admin.post('/api/invitations', { email: `${unique('inv')}@example.com`, role: 'viewer' }),
  );
const newEmail = async () => {
  const res = await admin.post(`/api/invoices/${base.invoice}/email`, {});
  if (res.status !== 202) throw new Error(`email failed: ${res.status} ${res.text}`);
  return res.body.emailId as number;
};
const newOrderEmail = async () => {
  const res = await admin.post(`/api/orders/${base.order}/email`, {});
  if (res.status !== 202) throw new Error(`email failed: ${res.status} ${res.text}`);
  return res.body.emailId as number;
};
const TEMPLATE = { subject: 'Invoice {invoiceNumber}', bodyText: 'Hi', bodyHtml: '<p>Hi</p>' };
const invoiceTemplate = async () =>
  ((await admin.get('/api/email-templates')).body as { id: number; kind: string }[]).find(
    (template) => template.kind === 'invoice',
  )!.id;
/** A proposed dunning notice on the base invoice, as the daily run writes one. */
const newNotice = async () =>
  (
    await t.db
      .insertInto('dunningNotices')
      .values({
        pharmacyId: base.pharmacy,
        level: 1,
        runDate: '2026-04-06',
        status: 'draft',
        items: '[]',
        total: '0.00',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

/** A late fee on the base pharmacy, with the notice that charged it. */
const newFee = async () => {
  const notice = await t.db
    .insertInto('dunningNotices')
    .values({
      pharmacyId: base.pharmacy,
      level: 1,
      runDate: '2026-04-06',
      status: 'queued',
      items: '[]',
      total: '0.00',
      fee: '5.00',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (
    await t.db
      .insertInto('dunningFees')
      .values({
        pharmacyId: base.pharmacy,
        noticeId: notice.id,
        date: '2026-04-06',
        amount: '5.00',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
};

/**
 * A valid input for each signed-in procedure, against real records; fresh ones where the call
 * would use its record up (deletes, status changes). `role` is whose call it is.
 */
const INPUTS: Record<string, (role: Role) => unknown> = {
  'auth.user': () => undefined,
  'auth.logout': () => undefined,
  'dashboard.summary': () => undefined,
  'dashboard.recent': () => undefined,
  'pharmacies.list': () => ({}),
  'pharmacies.options': () => undefined,
  'pharmacies.get': () => ({ id: base.pharmacy }),
  'pharmacies.create': () => PHARMACY,
  // Sent as it is: what an edit may change is the data rules' part (below).
  'pharmacies.update': () => ({ id: base.pharmacy, data: PHARMACY }),
  'pharmacies.delete': async () => ({ id: await newPharmacy() }),
  'products.list': () => ({}),
  'products.options': () => undefined,
  'products.get': () => ({ id: base.product }),
  'products.create': () => ({
    sku: unique('NEW'),
    name: 'Cap',
    category: 'Cap',
    defaultPrice: '0.10',
  }),
  'products.update': () => ({ id: base.product, data: { active: true } }),
  'products.delete': async () => ({ id: (await newProduct()).id }),
  'products.save': () => ({
    sku: unique('SAVE'),
    name: 'Stopper',
    category: 'Stopper',
    defaultPrice: '0.20',
    variants: [],
  }),
  'products.createVariant': () => ({
    parentSku: 'RP-BASE',
    variantSku: unique('RP-BASE-V'),
    size: '5 mL',
    sterile: false,
    packageQty: 5,
    defaultPrice: '2.50',
  }),
  'products.deleteVariant': async () => ({ id: await newVariant() }),
  'products.importProvider': () => undefined,
  'products.importCatalog': () => ({ provider: 'medsupply-direct' }),
  'products.previewCsv': () => ({
    csv: `${CSV_HEADER}\n${unique('CSV')},Cap,Cap,1.00,true,,,,,,,,`,
  }),
  'products.importCsv': () => ({
    csv: `${CSV_HEADER}\n${unique('CSV')},Cap,Cap,1.00,true,,,,,,,,`,
  }),
  'orders.list': () => ({}),
  'orders.get': () => ({ id: base.order }),
  'orders.create': () => ({
    pharmacyId: base.pharmacy,
    orderDate: '2026-03-03',
    shipMethod: 'Ground Shipping',
    lineItems: [{ productSku: 'RP-BASE', description: 'Vial', qty: 1, unitPrice: '2.00' }],
  }),
  'orders.update': async () => ({ id: await newOrder(), data: { status: 'Sent' } }),
  'orders.delete': async () => ({ id: await newOrder() }),
  'invoices.list': () => ({}),
  'invoices.get': () => ({ id: base.invoice }),
  'invoices.orderOptions': () => undefined,
  'invoices.create': () => ({
    pharmacyId: base.pharmacy,
    invoiceDate: '2026-03-06',
    dueDate: '2026-04-05',
    amount: '10.00',
  }),
  'invoices.update': async () => ({ id: await newInvoice('Draft'), data: { status: 'Unpaid' } }),
  'invoices.delete': async () => ({ id: await newInvoice() }),
  'payments.list': () => ({}),
  'payments.get': () => ({ id: base.payment }),
  'payments.invoiceOptions': () => undefined,
  'payments.create': () => paymentOf(base.invoice),
  'payments.update': async () => ({
    id: await newPayment(),
    data: { ...paymentOf(base.invoice), reference: 'Corrected' },
  }),
  'payments.delete': async () => ({ id: await newPayment() }),
  'payments.allocate': async () => ({
    id: await newAccountPayment(),
    data: { invoiceId: base.invoice, amount: '1.00' },
  }),
  'allocations.get': async () => ({ id: await newAllocation() }),
  'allocations.ofInvoice': () => ({ id: base.invoice }),
  'allocations.void': async () => ({ id: await newAllocation(), data: { reason: 'Roles' } }),
  'allocations.propose': () => ({ id: base.pharmacy }),
  'allocations.confirm': async () => ({
    pharmacyId: base.pharmacy,
    allocations: [
      { paymentId: await newAccountPayment(), invoiceId: base.invoice, amount: '1.00' },
    ],
  }),
  'creditNotes.list': () => ({}),
  'creditNotes.get': async () => ({ id: await newCreditNote() }),
  'creditNotes.creditableLines': () => ({ id: base.invoice }),
  'creditNotes.create': () => ({
    pharmacyId: base.pharmacy,
    date: '2026-03-12',
    reason: 'Roles',
    amount: '1.00',
  }),
  'creditNotes.allocate': async () => ({
    id: await newCreditNote(),
    data: { invoiceId: base.invoice, amount: '1.00' },
  }),
  'refunds.list': () => ({}),
  'refunds.get': async () => ({ id: await newRefund() }),
  'refunds.create': async () => ({
    paymentId: await newAccountPayment(),
    amount: '1.00',
    date: '2026-03-13',
    method: 'ACH',
  }),
  'statements.get': () => ({ id: base.pharmacy, from: '2026-03-01', to: '2026-03-31' }),
  'reports.get': () => ({}),
  'reports.outstanding': () => ({}),
  'search.find': () => ({ q: 'Riverside' }),
  'recall.find': () => ({ lot: LOT }),
  'recalls.list': () => ({}),
  'recalls.get': () => ({ id: base.recall }),
  'recalls.open': () => undefined,
  'recalls.create': async () => ({ lotIds: [await newLot()], reason: 'Roles', class: 'II' }),
  // Its notice moves once: a later allowed call is refused as a repeat (409), never 403.
  'recalls.updateNotice': () => ({
    id: base.recall,
    pharmacyId: base.pharmacy,
    data: { status: 'notified', channel: 'phone' },
  }),
  'recalls.close': async () => ({ id: await newRecall(), data: { reason: 'Roles' } }),
  'recalls.letter': () => ({ id: base.recall, pharmacyId: base.pharmacy }),
  'recalls.emailNotices': async () => ({ id: await newRecall(), data: {} }),
  'activity.list': () => ({}),
  'activity.users': () => undefined,
  'settings.get': () => undefined,
  'settings.update': () => ({ holdDaysPastDue: 45 + (serial++ % 2) }),
  'backups.list': () => undefined,
  'backups.create': () => undefined,
  'backups.file': () => ({ name: 'pharmsupply-none.backup' }),
  'users.list': () => undefined,
  'users.update': () => ({ id: base.target, data: { role: 'viewer' } }),
  'invitations.list': () => undefined,
  'invitations.create': () => ({ email: `${unique('new')}@example.com`, role: 'viewer' }),
  'invitations.revoke': async () => ({ id: await newInvitation() }),
  'tokens.list': () => undefined,
  'tokens.create': () => ({ name: 'Matrix' }),
  'tokens.revoke': async (role) => ({ id: (await tokenOf(cookie[role])).id }),
  'licences.list': () => ({ id: base.pharmacy }),
  'licences.get': () => ({ id: base.licence }),
  'licences.create': () => ({ id: base.pharmacy, data: licenceOf() }),
  'licences.update': () => ({ id: base.licence, data: { ...licenceOf(), notes: 'Checked' } }),
  'licences.delete': async () => ({ id: await newLicence() }),
  'licences.uploadDocument': () => ({
    id: base.licence,
    data: {
      fileName: 'licence.pdf',
      contentBase64: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
    },
  }),
  'licences.issues': () => undefined,
  'licences.document': () => ({ id: base.licence }),
  'licences.warning': () => ({ pharmacyId: base.pharmacy }),
  'licences.ofPharmacies': () => ({ pharmacyIds: [base.pharmacy] }),
  'emails.list': () => ({}),
  'emails.get': async () => ({ id: await newEmail() }),
  // A sales user may send (and retry) orders' emails, not invoices'.
  'emails.retry': async (role) => ({
    id: role === 'sales' ? await newOrderEmail() : await newEmail(),
  }),
  'emails.sendOrder': () => ({ id: base.order, data: {} }),
  'emails.orderDraft': () => ({ id: base.order }),
  'emails.sendInvoice': () => ({ id: base.invoice, data: {} }),
  'emails.sendCreditNote': () => ({ id: base.creditNote, data: {} }),
  'emails.sendStatement': () => ({
    id: base.pharmacy,
    data: { from: '2026-03-01', to: '2026-03-31' },
  }),
  'emails.invoiceDraft': () => ({ id: base.invoice }),
  'emails.creditNoteDraft': () => ({ id: base.creditNote }),
  'emails.statementDraft': () => ({ id: base.pharmacy }),
  'emails.templates': () => undefined,
  'emails.updateTemplate': async () => ({ id: await invoiceTemplate(), data: TEMPLATE }),
  'emails.previewTemplate': () => ({ kind: 'invoice', template: TEMPLATE }),
  'dunning.settings': () => undefined,
  'dunning.updateSettings': () => ({ enabled: false, autoSend: false, levels: [] }),
  'dunning.due': () => undefined,
  'dunning.list': () => ({}),
  'dunning.approve': async () => ({ id: await newNotice() }),
  'dunning.skip': async () => ({ id: await newNotice() }),
  'dunning.pharmacy': () => ({ id: base.pharmacy }),
  'dunning.fees': () => ({ id: base.pharmacy }),
  'dunning.waiveFee': async () => ({ id: await newFee(), data: { reason: 'Roles' } }),
  'dunning.pause': () => ({ id: base.pharmacy, data: { paused: false } }),
  'lots.list': () => ({}),
  'lots.options': () => ({ sku: 'ROLES-NO-SUCH-SKU', lotId: base.lot }),
  'lots.get': () => ({ id: base.lot }),
  'lots.create': () => ({
    variantId: base.lotVariant,
    lotNumber: unique('LOT'),
    expiryDate: '2030-12-31',
  }),
  'lots.update': () => ({ id: base.lot, data: { notes: 'Checked' } }),
  'lots.uploadCertificate': () => ({
    id: base.lot,
    data: {
      fileName: 'coa.pdf',
      contentBase64: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
    },
  }),
  'lots.usage': () => ({ id: base.lot }),
  'lots.certificate': () => ({ id: base.lot }),
  'lots.settings': () => undefined,
  'lots.updateSettings': () => ({ data: { minShelfLifeDays: 180 } }),
  'lots.pharmacyShelfLife': () => ({ id: base.pharmacy }),
  'lots.setPharmacyShelfLife': () => ({ id: base.pharmacy, data: { minShelfLifeDays: null } }),
};

/** Every signed-in procedure with its permission and REST path. */
const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, AnyProcedure>,
).flatMap(([path, procedure]) => {
  const meta = procedure._def.meta as ProcedureMeta | undefined;
  return meta?.signedIn
    ? [{ path, type: procedure._def.type, meta, permission: meta.permission! }]
    : [];
});

/** A digest of every table a refusal could have touched (sessions and sign-in counts aside). */
async function digest(): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables
     where schemaname = 'public' and tablename not in ('session', 'auth_failures')
     order by tablename`.execute(t.db);
  const parts = rows.map(
    ({ name }) =>
      sql`select ${name}::text as name,
        md5(coalesce(string_agg((to_jsonb(r) - 'last_used_at')::text, '|'
          order by (to_jsonb(r) - 'last_used_at')::text), '')) as sum
        from ${sql.table(name)} r`,
  );
  const { rows: sums } = await sql<{
    name: string;
    sum: string;
  }>`${sql.join(parts, sql` union all `)}`.execute(t.db);
  return sums
    .map((s) => `${s.name}:${s.sum}`)
    .sort()
    .join(',');
}

/** Over tRPC with the role's session cookie, as the web app calls. */
async function callTrpc(role: Role, path: string, type: string, input: unknown) {
  const c = cookie[role];
  const res =
    type === 'query'
      ? await c.get(
          `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`,
        )
      : await c.post(`/trpc/${path}`, { json: input });
  return { status: res.status, code: res.body?.error?.json?.data?.code, text: res.text };
}

/** Over REST with the role's API token, as an integration calls. */
async function callRest(role: Role, rest: NonNullable<ProcedureMeta['rest']>, input: unknown) {
  const fields = { ...((input ?? {}) as Record<string, unknown>) };
  const url = rest.path.replace(/\{(\w+)\}/g, (_all, name: string) => {
    const value = fields[name];
    delete fields[name];
    return encodeURIComponent(String(value));
  });
  const reads = rest.method === 'GET' || rest.method === 'DELETE';
  const query = reads
    ? new URLSearchParams(
        Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString()
    : '';
  const body = reads
    ? undefined
    : 'data' in fields
      ? fields.data
      : Object.keys(fields).length
        ? fields
        : undefined;
  const res = await t
    .client()
    .request(rest.method, query ? `${url}?${query}` : url, body, bearer(tokens[role]));
  return { status: res.status, code: res.body?.code, text: res.text };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signedIn();
  cookie.admin = admin;
  for (const role of ROLES) if (role !== 'admin') cookie[role] = await signedInAs(t, admin, role);
  for (const role of ROLES) {
    tokens[role] = (await tokenOf(cookie[role])).token;
    emails[role] = (await cookie[role].get('/api/user')).body.email;
  }
  const target = await signedInAs(t, admin, 'viewer');
  base.target = (await target.get('/api/user')).body.id;
  base.pharmacy = await newPharmacy();
  base.product = await created(
    await admin.post('/api/products', {
      sku: 'RP-BASE',
      name: 'Base vial',
      category: 'Vial',
      defaultPrice: '2.00',
    }),
  );
  base.order = await newOrder();
  base.invoice = await newInvoice();
  base.payment = await newPayment();
  base.licence = await newLicence();
  base.creditNote = await newCreditNote();
  // A recall whose lot went to the base pharmacy on an issued invoice, so it has a notice.
  const { sku } = await newProduct();
  const variantId = await created(
    await admin.post('/api/product-variants', {
      parentSku: sku,
      variantSku: `${sku}-L`,
      packageQty: 1,
      defaultPrice: '3.00',
    }),
  );
  const lotId = await created(
    await admin.post('/api/lots', { variantId, lotNumber: 'RL-BASE', expiryDate: '2031-01-01' }),
  );
  // Invoice lines come from an order: one line of the lot, shipped and invoiced.
  const orderId = await created(
    await admin.post('/api/orders', {
      pharmacyId: base.pharmacy,
      orderDate: '2026-03-02',
      lineItems: [
        {
          productSku: sku,
          variantSku: `${sku}-L`,
          description: 'Vial',
          qty: 1,
          unitPrice: '3.00',
          lotId,
        },
      ],
    }),
  );
  for (const status of ['Sent', 'Fulfilled']) {
    const moved = await admin.put(`/api/orders/${orderId}`, { status });
    if (moved.status !== 200) throw new Error(`setup failed: ${moved.status} ${moved.text}`);
  }
  await created(
    await admin.post('/api/invoices', {
      pharmacyId: base.pharmacy,
      fromOrderId: orderId,
      invoiceDate: '2026-03-05',
      dueDate: '2030-01-01',
      amount: null,
      status: 'Unpaid',
    }),
  );
  base.recall = await created(
    await admin.post('/api/recalls', { lotIds: [lotId], reason: 'Roles', class: 'I' }),
  );
  base.lotVariant = await newVariant();
  base.lot = await created(
    await admin.post('/api/lots', {
      variantId: base.lotVariant,
      lotNumber: 'RP-LOT-1',
      expiryDate: '2030-12-31',
    }),
  );
}, 120_000);
afterAll(() => t.close());

it('has a valid request for every signed-in procedure', () => {
  expect(procedures.map((p) => p.path).filter((path) => !(path in INPUTS))).toEqual([]);
  expect(procedures.filter((p) => !(p.permission in PERMISSIONS))).toEqual([]);
});

it('declares no write a viewer may do, beyond their own sign-out and API tokens', () => {
  const own = new Set(['account.own', 'tokens.own']);
  const viewerWrites = procedures
    .filter((p) => p.type === 'mutation' && !own.has(p.permission) && can('viewer', p.permission))
    .map((p) => p.path);
  expect(viewerWrites).toEqual([]);
});

describe.each(ROLES)('as %s', (role) => {
  it('by cookie over tRPC: refused where the table says, 403 FORBIDDEN and nothing changed', async () => {
    const failures: string[] = [];
    for (const { path, type, permission } of procedures) {
      const input = await INPUTS[path]!(role);
      const allowed = can(role, permission);
      const before = allowed ? '' : await digest();
      const res = await callTrpc(role, path, type, input);
      if (allowed) {
        if (res.status === 403 || res.status === 401 || res.status >= 500)
          failures.push(`${path}: allowed, answered ${res.status} ${res.text.slice(0, 200)}`);
      } else {
        if (res.status !== 403 || res.code !== 'FORBIDDEN')
          failures.push(`${path}: refused, answered ${res.status} ${res.text.slice(0, 200)}`);
        if ((await digest()) !== before) failures.push(`${path}: refused, yet changed data`);
      }
      // Signing out ends the session the rest of the run uses: sign in again.
      if (path === 'auth.logout') {
        const login = { email: emails[role], password: 'secret12' };
        expect((await cookie[role].post('/api/login', login)).status).toBe(200);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('by API token over REST: the same', async () => {
    const failures: string[] = [];
    for (const { path, meta, permission } of procedures) {
      if (!meta.rest) continue;
      const input = await INPUTS[path]!(role);
      const allowed = can(role, permission);
      const before = allowed ? '' : await digest();
      const res = await callRest(role, meta.rest, input);
      if (allowed) {
        if (res.status === 403 || res.status === 401 || res.status >= 500)
          failures.push(`${path}: allowed, answered ${res.status} ${res.text.slice(0, 200)}`);
      } else {
        if (res.status !== 403 || res.code !== 'FORBIDDEN')
          failures.push(`${path}: refused, answered ${res.status} ${res.text.slice(0, 200)}`);
        if ((await digest()) !== before) failures.push(`${path}: refused, yet changed data`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('the files (PDFs, CSV exports, backups) by API token: the same', async () => {
    const urls: Record<string, string> = {
      '/api/backups/:name': '/api/backups/pharmsupply-none.backup',
      '/api/invoices/:id/download': `/api/invoices/${base.invoice}/download`,
      '/api/credit-notes/:id/download': `/api/credit-notes/${base.creditNote}/download`,
      '/api/orders/:id/download': `/api/orders/${base.order}/download`,
      '/api/pharmacies/:id/statement.pdf': `/api/pharmacies/${base.pharmacy}/statement.pdf?from=2026-03-01&to=2026-03-31`,
      '/api/recall.pdf': `/api/recall.pdf?lot=${LOT}`,
      '/api/recall.csv': `/api/recall.csv?lot=${LOT}`,
    };
    const failures: string[] = [];
    for (const route of modules.flatMap((module) => module.files ?? [])) {
      const res = await t.client().get(urls[route.path] ?? route.path, bearer(tokens[role]));
      const allowed = can(role, route.permission);
      if (allowed ? res.status === 403 || res.status >= 500 : res.status !== 403)
        failures.push(`${route.path}: ${allowed ? 'allowed' : 'refused'}, answered ${res.status}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('rules the data decides', () => {
  /** The call's answer, and that nothing changed when it was refused. */
  async function refusedUnchanged(call: () => Promise<{ status: number; body: any }>) {
    const before = await digest();
    const res = await call();
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(await digest()).toBe(before);
    return res.body.message as string;
  }

  it('sales edit a pharmacy but not its credit limit; an accountant the credit limit alone', async () => {
    const id = await newPharmacy();
    const url = `/api/pharmacies/${id}`;
    expect(
      await refusedUnchanged(() => cookie.sales.put(url, { ...PHARMACY, creditLimit: '500.00' })),
    ).toBe('A sales user may not change a credit limit');
    expect((await cookie.sales.put(url, { ...PHARMACY, phone: '555-0100' })).status).toBe(200);
    expect(
      await refusedUnchanged(() =>
        cookie.accountant.put(url, { ...PHARMACY, phone: '555-0199', creditLimit: '500.00' }),
      ),
    ).toBe('An accountant user may not create or edit pharmacies');
    const limit = await cookie.accountant.put(url, {
      ...PHARMACY,
      phone: '555-0100',
      creditLimit: '500.00',
    });
    expect(limit.status).toBe(200);
    expect(limit.body.creditLimit).toBe('500.00');
    await refusedUnchanged(() =>
      cookie.sales.post('/api/pharmacies', { ...PHARMACY, creditLimit: '100.00' }),
    );
  });

  it('deletes that take money with them need an admin', async () => {
    const sent = await newOrder();
    expect((await admin.put(`/api/orders/${sent}`, { status: 'Sent' })).status).toBe(200);
    expect(await refusedUnchanged(() => cookie.sales.delete(`/api/orders/${sent}`))).toBe(
      'A sales user may not delete records that carry invoices or payments',
    );
    expect((await cookie.sales.delete(`/api/orders/${await newOrder()}`)).status).toBe(200);

    const paid = await newInvoice();
    await created(await admin.post('/api/payments', paymentOf(paid)));
    await refusedUnchanged(() => cookie.accountant.delete(`/api/invoices/${paid}`));
    expect((await cookie.accountant.delete(`/api/invoices/${await newInvoice()}`)).status).toBe(
      200,
    );
    expect((await admin.delete(`/api/invoices/${paid}`)).status).toBe(200);
  });

  it('overriding a credit hold needs creditHold.override, asked only when there is a hold', async () => {
    const held = await created(
      await admin.post('/api/pharmacies', { ...PHARMACY, creditLimit: '0.00' }),
    );
    await created(
      await admin.post('/api/invoices', {
        pharmacyId: held,
        invoiceDate: '2026-03-05',
        dueDate: '2026-04-04',
        amount: '50.00',
        status: 'Unpaid',
      }),
    );
    const order = await created(
      await admin.post('/api/orders', {
        pharmacyId: held,
        orderDate: '2026-03-02',
        shipMethod: 'Ground Shipping',
        lineItems: [{ productSku: 'RP-BASE', description: 'Vial', qty: 1, unitPrice: '2.00' }],
      }),
    );
    const send = { status: 'Sent', holdOverrideReason: 'Cheque promised' };
    expect(await refusedUnchanged(() => cookie.sales.put(`/api/orders/${order}`, send))).toBe(
      'A sales user may not override a credit hold',
    );
    expect((await admin.put(`/api/orders/${order}`, send)).status).toBe(200);
    // No hold: the reason overrides nothing, and sales may send.
    const free = await newOrder();
    expect((await cookie.sales.put(`/api/orders/${free}`, send)).status).toBe(200);
  });

  it('an accountant changes the credit-hold settings; a viewer and sales none', async () => {
    await refusedUnchanged(() => cookie.sales.put('/api/settings', { holdDaysPastDue: 90 }));
    expect((await cookie.accountant.put('/api/settings', { holdDaysPastDue: 90 })).status).toBe(
      200,
    );
  });
});
