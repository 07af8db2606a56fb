import { afterAll, beforeAll, expect, it } from 'vitest';
import { createInnerContext } from '../src/context.js';
import { listActivity } from '../src/modules/activity/service.js';
import { dashboardRecent, dashboardSummary } from '../src/modules/dashboard/service.js';
import { getInvoice, invoiceOrderOptions, listInvoices } from '../src/modules/invoices/service.js';
import { getOrder, listOrders } from '../src/modules/orders/service.js';
import {
  getPayment,
  listPayments,
  paymentInvoiceOptions,
} from '../src/modules/payments/service.js';
import { getPharmacy, listPharmacies, pharmacyOptions } from '../src/modules/pharmacies/service.js';
import { getProduct, listProducts, productOptions } from '../src/modules/products/service.js';
import { recall } from '../src/modules/recall/service.js';
import { outstandingPage, reports } from '../src/modules/reports/service.js';
import { search } from '../src/modules/search/service.js';
import { pharmacyStatement } from '../src/modules/statements/service.js';
import { createCaller } from '../src/root.js';
import { seed } from '../src/seed/index.js';
import { createTestDb } from './helpers.js';

let testDb: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  testDb = await createTestDb();
  await seed(testDb.handle.db, () => undefined);
}, 60_000);
afterAll(() => testDb.drop());

/**
 * The output schemas check every answer and build it anew from what they declare: a field they
 * missed would vanish from the answer, and keys listed in another order would change its bytes.
 */
it('answers what the services return, byte for byte, through the output schemas', async () => {
  const db = testDb.handle.db;
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'firstName', 'lastName', 'role', 'createdAt'])
    .executeTakeFirstOrThrow();
  const api = createCaller(createInnerContext({ db, user }));
  const limit = 50;
  const order = (await listOrders(db, { limit })).items[0]!;
  const invoice = (await listInvoices(db, { limit })).items.find((i) => i.lotNumber)!;
  const pharmacy = (await listPharmacies(db, { limit })).items[0]!;
  const product = (await listProducts(db, { limit })).items[0]!;
  const payment = (await listPayments(db, { limit })).items[0]!;
  const period = { from: '2000-01-01', to: '2100-01-01' };
  const lot = invoice.lotNumber!;

  const pairs: [string, unknown, unknown][] = [
    ['orders.list', await api.orders.list({ limit }), await listOrders(db, { limit })],
    ['orders.get', await api.orders.get({ id: order.id }), await getOrder(db, order.id)],
    ['invoices.list', await api.invoices.list({ limit }), await listInvoices(db, { limit })],
    ['invoices.get', await api.invoices.get({ id: invoice.id }), await getInvoice(db, invoice.id)],
    ['invoices.orderOptions', await api.invoices.orderOptions(), await invoiceOrderOptions(db)],
    ['pharmacies.list', await api.pharmacies.list({ limit }), await listPharmacies(db, { limit })],
    [
      'pharmacies.get',
      await api.pharmacies.get({ id: pharmacy.id }),
      await getPharmacy(db, pharmacy.id),
    ],
    ['pharmacies.options', await api.pharmacies.options(), await pharmacyOptions(db)],
    ['products.list', await api.products.list({ limit }), await listProducts(db, { limit })],
    ['products.get', await api.products.get({ id: product.id }), await getProduct(db, product.id)],
    ['products.options', await api.products.options(), await productOptions(db)],
    ['payments.list', await api.payments.list({ limit }), await listPayments(db, { limit })],
    ['payments.get', await api.payments.get({ id: payment.id }), await getPayment(db, payment.id)],
    [
      'payments.invoiceOptions',
      await api.payments.invoiceOptions(),
      await paymentInvoiceOptions(db),
    ],
    ['dashboard.summary', await api.dashboard.summary(), await dashboardSummary(db, 'admin')],
    ['dashboard.recent', await api.dashboard.recent(), await dashboardRecent(db, 'admin')],
    ['reports.get', await api.reports.get(), await reports(db, {})],
    [
      'reports.outstanding',
      await api.reports.outstanding({}),
      await outstandingPage(db, { limit: 200 }),
    ],
    ['search.find', await api.search.find({ q: 'ph' }), await search(db, 'ph', 'admin')],
    [
      'recall.find',
      await api.recall.find({ lot }),
      await recall(db, { lot: { text: lot, prefix: false } }),
    ],
    [
      'activity.list',
      await api.activity.list({ limit }),
      await listActivity(db, { limit }, 'admin'),
    ],
    [
      'statements.get',
      await api.statements.get({ id: pharmacy.id, ...period }),
      await pharmacyStatement(db, { id: pharmacy.id, ...period }),
    ],
  ];
  for (const [name, answer, returned] of pairs)
    expect(JSON.stringify(answer), name).toBe(JSON.stringify(returned));
}, 60_000);
