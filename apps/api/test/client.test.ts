/**
 * The generated client (client/) against the server listening on a port: a month of one
 * pharmacy's business, written as a developer outside this repository would write it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../client/index.js';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  baseUrl = await t.server.start(0, '127.0.0.1');
});
afterAll(() => t.close());

describe('the generated client', () => {
  let api: ApiClient;
  let pharmacyId: number;
  let orderId: number;
  let invoiceId: number;

  it('registers, then signs in on a new client with the session cookie', async () => {
    const account = { email: 'buyer@riverside.example', password: 'secret12' };
    const registered = await createApiClient(baseUrl).POST('/api/register', {
      body: { ...account, firstName: 'Rita', lastName: 'Lane' },
    });
    expect(registered.response.status).toBe(201);

    api = createApiClient(baseUrl);
    const signedOut = await api.GET('/api/user');
    expect(signedOut.response.status).toBe(401);
    expect(signedOut.error?.message).toBe('Not signed in');

    const login = await api.POST('/api/login', { body: account });
    expect(login.response.status).toBe(200);
    const me = await api.GET('/api/user');
    expect(me.data).toMatchObject({ email: account.email, firstName: 'Rita' });
  });

  it('creates a pharmacy and a product', async () => {
    const pharmacy = await api.POST('/api/pharmacies', {
      body: { name: 'Riverside Compounding Pharmacy', email: 'ap@riverside.example' },
    });
    expect(pharmacy.response.status).toBe(201);
    pharmacyId = pharmacy.data!.id;
    expect(pharmacy.data!.balance).toBe('0.00');

    const product = await api.POST('/api/products', {
      body: {
        sku: 'VL-10ML-CLR',
        name: '10 mL clear serum vial',
        category: 'Vial',
        defaultPrice: '12.50',
        active: true,
      },
    });
    expect(product.response.status).toBe(201);
  });

  it('orders, sends and fulfils', async () => {
    const order = await api.POST('/api/orders', {
      body: {
        pharmacyId,
        orderDate: '2026-03-02',
        shipMethod: 'Ground Shipping',
        lineItems: [
          {
            productSku: 'VL-10ML-CLR',
            description: '10 mL clear serum vial',
            qty: 3,
            unitPrice: '12.50',
          },
          { description: 'Cold pack', qty: 2, unitPrice: '8.75' },
        ],
      },
    });
    expect(order.response.status).toBe(201);
    expect(order.data).toMatchObject({ status: 'Draft', total: '55.00' });
    orderId = order.data!.id;

    for (const status of ['Sent', 'Fulfilled'] as const) {
      const moved = await api.PUT('/api/orders/{id}', {
        params: { path: { id: orderId } },
        body: { status },
      });
      expect(moved.data?.status).toBe(status);
    }
  });

  it('invoices the order: its total is the amount owed', async () => {
    const invoice = await api.POST('/api/invoices', {
      body: {
        pharmacyId,
        fromOrderId: orderId,
        invoiceDate: '2026-03-05',
        dueDate: '2026-04-04',
        taxRate: '0.0000',
        shipping: '0.00',
        status: 'Unpaid',
      },
    });
    expect(invoice.response.status).toBe(201);
    expect(invoice.data).toMatchObject({ total: '55.00', balance: '55.00', status: 'Unpaid' });
    invoiceId = invoice.data!.id;

    const pharmacy = await api.GET('/api/pharmacies/{id}', {
      params: { path: { id: pharmacyId } },
    });
    expect(pharmacy.data?.balance).toBe('55.00');
  });

  it('takes the payment in two parts, the second one settling the invoice', async () => {
    const first = await api.POST('/api/payments', {
      body: { pharmacyId, invoiceId, date: '2026-03-12', amount: '20.00', method: 'ACH' },
    });
    expect(first.response.status).toBe(201);
    let invoice = await api.GET('/api/invoices/{id}', { params: { path: { id: invoiceId } } });
    expect(invoice.data).toMatchObject({ status: 'Partially Paid', balance: '35.00' });

    const second = await api.POST('/api/payments', {
      body: { pharmacyId, invoiceId, date: '2026-03-20', amount: '35.00', method: 'Check' },
    });
    expect(second.response.status).toBe(201);
    invoice = await api.GET('/api/invoices/{id}', { params: { path: { id: invoiceId } } });
    expect(invoice.data).toMatchObject({ status: 'Paid', balance: '0.00' });

    const payments = await api.GET('/api/payments', { params: { query: { invoiceId } } });
    expect(payments.data?.map((p) => p.amount)).toEqual(['35.00', '20.00']);
  });

  it("reads March's statement: the invoice, both payments and a zero balance", async () => {
    const statement = await api.GET('/api/pharmacies/{id}/statement', {
      params: { path: { id: pharmacyId }, query: { from: '2026-03-01', to: '2026-03-31' } },
    });
    expect(statement.response.status).toBe(200);
    expect(statement.data).toMatchObject({ openingBalance: '0.00', closingBalance: '0.00' });
    expect(statement.data?.lines.map((l) => [l.date, l.type, l.amount, l.balance])).toEqual([
      ['2026-03-05', 'invoice', '55.00', '55.00'],
      ['2026-03-12', 'payment', '20.00', '35.00'],
      ['2026-03-20', 'payment', '35.00', '0.00'],
    ]);
  });

  it('signs out: the session is gone', async () => {
    expect((await api.POST('/api/logout')).response.status).toBe(200);
    expect((await api.GET('/api/user')).response.status).toBe(401);
  });
});
