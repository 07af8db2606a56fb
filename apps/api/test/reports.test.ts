import { allocationCountsFrom, allocationInvoiceDate, moneyViolations } from '@pharm/db';
import { addDaysIso, todayIso, toCents } from '@pharm/validators';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoice, createPharmacy } from './fixtures.js';
import { raceTest, startTestApp, type Client, type TestApp } from './helpers.js';
import {
  insertInvoice,
  insertPayment,
  insertPharmacy,
  salesAsKept,
  salesFromScratch,
} from './insights-data.js';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
});
afterAll(() => t.close());

const EMPTY = {
  totalOutstanding: '0.00',
  openInvoiceBalance: '0.00',
  unappliedCash: '0.00',
  totalSales: '0.00',
  totalInvoices: 0,
  activePharmacies: 0,
  aging: { current: '0.00', days31to60: '0.00', days61to90: '0.00', over90: '0.00' },
  agingCounts: { current: 0, days31to60: 0, days61to90: 0, over90: 0 },
  salesByPharmacy: [],
  outstandingInvoices: [],
  outstandingInvoiceCount: 0,
};

describe('GET /api/reports', () => {
  it('answers 401 when signed out', async () => {
    expect((await t.client().get('/api/reports')).status).toBe(401);
  });

  it('is empty and zero on an empty database', async () => {
    const res = await c.get('/api/reports');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(EMPTY);
    // The same on a past day and for a period, which read other tables.
    const past = await c.get('/api/reports?from=2025-01-01&to=2025-12-31&asOf=2025-12-31');
    expect(past.body).toEqual(EMPTY);
  });

  it('buckets open invoices by days past due at the 30/31, 60/61 and 90/91 boundaries', async () => {
    const p = await insertPharmacy(t.db, 'Aging Pharmacy');
    // Balances are powers of two, so each bucket's sum says which invoices it holds.
    const open: [number, string][] = [
      [5, '1.00'], // not yet due
      [0, '2.00'], // due today
      [-30, '4.00'],
      [-31, '8.00'],
      [-60, '16.00'],
      [-61, '32.00'],
      [-90, '64.00'],
      [-91, '128.00'],
    ];
    const ids = new Map<number, number>();
    for (const [dueInDays, balance] of open) {
      ids.set(
        dueInDays,
        await insertInvoice(t.db, {
          pharmacyId: p,
          status: 'Partially Paid',
          total: '500.00',
          balance,
          dueInDays,
        }),
      );
    }
    // Neither is open: a Draft is not issued, a Paid invoice owes nothing.
    await insertInvoice(t.db, {
      pharmacyId: p,
      status: 'Draft',
      total: '1000.00',
      balance: '1000.00',
      dueInDays: -200,
    });
    await insertInvoice(t.db, {
      pharmacyId: p,
      status: 'Paid',
      total: '300.00',
      balance: '0.00',
      dueInDays: -200,
    });

    const res = await c.get('/api/reports');
    expect(res.status).toBe(200);
    expect(res.body.aging).toEqual({
      current: '7.00',
      days31to60: '24.00',
      days61to90: '96.00',
      over90: '128.00',
    });
    expect(res.body.agingCounts).toEqual({ current: 3, days31to60: 2, days61to90: 2, over90: 1 });
    expect(res.body.totalOutstanding).toBe('255.00');
    expect(res.body.outstandingInvoiceCount).toBe(8);
    // Most days past due first; 0 or less is not past due.
    expect(res.body.outstandingInvoices.map((i: any) => [i.id, i.daysPastDue])).toEqual(
      [-91, -90, -61, -60, -31, -30, 0, 5].map((due) => [ids.get(due), 0 - due]),
    );
    expect(res.body.outstandingInvoices[0]).toMatchObject({
      invoiceNumber: expect.stringMatching(/^INV-TEST-/),
      status: 'Partially Paid',
      total: '500.00',
      balance: '128.00',
      pharmacy: { id: p, name: 'Aging Pharmacy' },
    });
    // 8 open × 500.00 + the Paid 300.00; the Draft is no sale. Invoices: all 10.
    expect(res.body.totalSales).toBe('4300.00');
    expect(res.body.totalInvoices).toBe(10);
    expect(res.body.activePharmacies).toBe(1);

    await sql`delete from invoices where pharmacy_id = ${p}`.execute(t.db);
    expect((await c.get('/api/reports')).body).toEqual(EMPTY);
  });

  it('ranks the top 10 pharmacies by sales, leaving out those without sales', async () => {
    const pharmacies: number[] = [];
    for (let n = 1; n <= 12; n++) {
      const id = await insertPharmacy(t.db, `Sales ${String(n).padStart(2, '0')}`);
      pharmacies.push(id);
      // Pharmacy n sells n × 100.00, in two invoices, one of them fully paid.
      await insertInvoice(t.db, {
        pharmacyId: id,
        status: 'Paid',
        total: `${n * 60}.00`,
        balance: '0.00',
      });
      await insertInvoice(t.db, {
        pharmacyId: id,
        status: 'Unpaid',
        total: `${n * 40}.00`,
        balance: `${n * 40}.00`,
      });
    }
    const draftOnly = await insertPharmacy(t.db, 'Draft Only');
    await insertInvoice(t.db, {
      pharmacyId: draftOnly,
      status: 'Draft',
      total: '5000.00',
      balance: '5000.00',
    });
    await insertPharmacy(t.db, 'No Invoices');

    const res = await c.get('/api/reports');
    expect(res.status).toBe(200);
    expect(res.body.salesByPharmacy).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => ({
        pharmacyId: pharmacies[n - 1],
        name: `Sales ${String(n).padStart(2, '0')}`,
        totalSales: `${n * 100}.00`,
      })),
    );
    // Σ n × 100 for n = 1..12.
    expect(res.body.totalSales).toBe('7800.00');
    expect(res.body.activePharmacies).toBe(12);
    expect(res.body.totalInvoices).toBe(25);
    expect(res.body.totalOutstanding).toBe('3120.00');
  });
});

describe('GET /api/reports for a period and as of a date', () => {
  const PERIOD = 'from=2025-03-01&to=2025-03-31';
  const paid = (pharmacyId: number, invoiceDate: string, total: string) =>
    insertInvoice(t.db, { pharmacyId, status: 'Paid', total, balance: '0.00', invoiceDate });

  it('counts the sales of the invoices dated from `from` to `to`, both included', async () => {
    const before = (await c.get('/api/reports')).body;
    const a = await insertPharmacy(t.db, 'Period Alpha');
    const b = await insertPharmacy(t.db, 'Period Beta');
    const c2 = await insertPharmacy(t.db, 'Period Gamma');
    // Totals are powers of two, so each sum says which invoices it holds.
    await paid(a, '2025-02-28', '1.00'); // the day before `from`
    await paid(a, '2025-03-01', '2.00');
    await paid(a, '2025-03-31', '4.00');
    await paid(a, '2025-04-01', '8.00'); // the day after `to`
    await insertInvoice(t.db, {
      pharmacyId: a,
      status: 'Draft',
      total: '16.00',
      balance: '16.00',
      invoiceDate: '2025-03-15',
    });
    await paid(b, '2025-03-10', '32.00');
    await paid(c2, '2025-02-28', '64.00');

    const res = await c.get(`/api/reports?${PERIOD}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalSales: '38.00',
      totalInvoices: 4, // the Draft is an invoice of the period, not a sale
      activePharmacies: 2,
      salesByPharmacy: [
        { pharmacyId: b, name: 'Period Beta', totalSales: '32.00' },
        { pharmacyId: a, name: 'Period Alpha', totalSales: '6.00' },
      ],
    });
    // One day: `from` = `to`.
    const day = await c.get('/api/reports?from=2025-04-01&to=2025-04-01');
    expect(day.body).toMatchObject({ totalSales: '8.00', totalInvoices: 1, activePharmacies: 1 });
    // Without a period: all time, as before (every invoice above).
    const all = (await c.get('/api/reports')).body;
    expect(toCents(all.totalSales) - toCents(before.totalSales)).toBe(toCents('111.00'));
    expect(all.totalInvoices - before.totalInvoices).toBe(7);

    await sql`delete from pharmacies where id in (${a}, ${b}, ${c2})`.execute(t.db);
  });

  it('adds the whole months of a period to its days before and after them', async () => {
    const a = await insertPharmacy(t.db, 'Months Alpha');
    const dates = [
      '2025-01-14', // the day before `from`
      '2025-01-15',
      '2025-01-31',
      '2025-02-01', // February and March are whole months of the period
      '2025-03-31',
      '2025-04-01',
      '2025-04-10',
      '2025-04-11', // the day after `to`
    ];
    const ids: number[] = [];
    for (const [n, invoiceDate] of dates.entries()) {
      ids.push(await paid(a, invoiceDate, `${2 ** n}.00`));
    }
    await insertInvoice(t.db, {
      pharmacyId: a,
      status: 'Draft',
      total: '256.00',
      balance: '256.00',
      invoiceDate: '2025-02-14',
    });
    const period = '/api/reports?from=2025-01-15&to=2025-04-10';
    expect((await c.get(period)).body).toMatchObject({
      totalSales: '126.00',
      totalInvoices: 7,
      salesByPharmacy: [{ pharmacyId: a, totalSales: '126.00' }],
    });
    // An invoice moved out of a whole month leaves it; one moved into the period's last days
    // comes in.
    await sql`update invoices set invoice_date = '2025-04-11' where id = ${ids[3]!}`.execute(t.db);
    await sql`update invoices set invoice_date = '2025-04-02' where id = ${ids[0]!}`.execute(t.db);
    expect((await c.get(period)).body).toMatchObject({ totalSales: '119.00', totalInvoices: 7 });
    expect((await c.get('/api/reports?from=2025-02-01&to=2025-02-28')).body).toMatchObject({
      totalSales: '0.00',
      totalInvoices: 1,
      activePharmacies: 0,
    });

    await sql`delete from pharmacies where id = ${a}`.execute(t.db);
  });

  it('ages what was owed on `asOf`: invoices and payments dated on or before it', async () => {
    const p = await insertPharmacy(t.db, 'As-of Pharmacy');
    const invoice = (values: {
      invoiceDate: string;
      dueDate: string;
      total: string;
      balance: string;
    }) =>
      insertInvoice(t.db, {
        pharmacyId: p,
        status:
          values.balance === '0.00'
            ? 'Paid'
            : values.balance === values.total
              ? 'Unpaid'
              : 'Partially Paid',
        ...values,
      });
    // Issued on `asOf`, due that day, paid the day after: owed in full on `asOf`, current.
    const onAsOf = await invoice({
      invoiceDate: '2025-03-31',
      dueDate: '2025-03-31',
      total: '100.00',
      balance: '0.00',
    });
    await insertPayment(t.db, {
      invoiceId: onAsOf,
      pharmacyId: p,
      date: '2025-04-01',
      amount: '100.00',
    });
    // Issued the day after `asOf`: not yet an invoice then.
    const after = await invoice({
      invoiceDate: '2025-04-01',
      dueDate: '2025-05-01',
      total: '200.00',
      balance: '200.00',
    });
    // 60 days past due on `asOf`; 100.00 paid on it (counts), 300.00 the day after (does not).
    const sixty = await invoice({
      invoiceDate: '2025-01-01',
      dueDate: '2025-01-30',
      total: '400.00',
      balance: '0.00',
    });
    await insertPayment(t.db, {
      invoiceId: sixty,
      pharmacyId: p,
      date: '2025-03-31',
      amount: '100.00',
    });
    await insertPayment(t.db, {
      invoiceId: sixty,
      pharmacyId: p,
      date: '2025-04-01',
      amount: '300.00',
    });
    // 91 days past due on `asOf`, still open now, 50.00 paid since: 800.00 owed on `asOf`.
    const ninetyOne = await invoice({
      invoiceDate: '2024-12-01',
      dueDate: '2024-12-30',
      total: '800.00',
      balance: '750.00',
    });
    await insertPayment(t.db, {
      invoiceId: ninetyOne,
      pharmacyId: p,
      date: '2025-04-02',
      amount: '50.00',
    });
    // Paid in full the day before `asOf`: nothing owed then.
    const settled = await invoice({
      invoiceDate: '2025-01-01',
      dueDate: '2025-01-29',
      total: '1600.00',
      balance: '0.00',
    });
    await insertPayment(t.db, {
      invoiceId: settled,
      pharmacyId: p,
      date: '2025-03-30',
      amount: '1600.00',
    });

    const res = await c.get('/api/reports?asOf=2025-03-31');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalOutstanding: '1200.00',
      aging: { current: '100.00', days31to60: '300.00', days61to90: '0.00', over90: '800.00' },
      agingCounts: { current: 1, days31to60: 1, days61to90: 0, over90: 1 },
      outstandingInvoiceCount: 3,
    });
    expect(res.body.outstandingInvoices.map((i: any) => [i.id, i.balance, i.daysPastDue])).toEqual([
      [ninetyOne, '800.00', 91],
      [sixty, '300.00', 60],
      [onAsOf, '100.00', 0],
    ]);

    // A day later: the first two paid off, the invoice of that day owed, the 91 days now 92.
    const next = (await c.get('/api/reports?asOf=2025-04-01')).body;
    expect(next.aging).toEqual({
      current: '200.00',
      days31to60: '0.00',
      days61to90: '0.00',
      over90: '800.00',
    });
    expect(next.outstandingInvoices.map((i: any) => [i.id, i.daysPastDue])).toEqual([
      [ninetyOne, 92],
      [after, -30],
    ]);

    // The exports take the same query and name the period and the day in the file.
    const query = `${PERIOD}&asOf=2025-03-31`;
    const aging = await c.get(`/api/reports/aging.csv?${query}`);
    expect(aging.status).toBe(200);
    expect(aging.headers['content-disposition']).toContain(
      'ar-aging-2025-03-01-to-2025-03-31-as-of-2025-03-31.csv',
    );
    expect(aging.text).toContain('31-60 days,1,300.00');
    const outstanding = await c.get(`/api/reports/outstanding.csv?${query}`);
    expect(outstanding.headers['content-disposition']).toContain(
      'outstanding-invoices-2025-03-01-to-2025-03-31-as-of-2025-03-31.csv',
    );
    const lines = outstanding.text.trim().split(/\r?\n/);
    expect(lines.slice(1).map((line: string) => line.split(',').at(-1))).toEqual([
      '800.00',
      '300.00',
      '100.00',
    ]);
    const asOfOnly = await c.get('/api/reports/outstanding.csv?asOf=2025-03-31');
    expect(asOfOnly.headers['content-disposition']).toContain(
      'outstanding-invoices-as-of-2025-03-31.csv',
    );

    await sql`delete from pharmacies where id = ${p}`.execute(t.db);
  });

  it('answers 400 naming the field for a bad date, half a period or one backwards', async () => {
    const cases: [string, string[], string][] = [
      ['from=2025-03-01', ['to'], 'Give both dates of the period, or neither'],
      ['to=2025-03-31', ['from'], 'Give both dates of the period, or neither'],
      ['from=2025-04-01&to=2025-03-31', ['to'], 'To date must not precede From date'],
      ['from=2025-02-30&to=2025-03-31', ['from'], 'From date must be a valid date (YYYY-MM-DD)'],
      ['asOf=31/03/2025', ['asOf'], 'As-of date must be a valid date (YYYY-MM-DD)'],
    ];
    for (const path of ['/api/reports', '/api/reports/aging.csv', '/api/reports/outstanding.csv']) {
      for (const [query, field, message] of cases) {
        const res = await c.get(`${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.body.issues, `${path}?${query}`).toEqual([{ path: field, message }]);
      }
    }
  });
});

describe('unapplied cash in the reports (issue 27 §6)', () => {
  /** The report's money figures on a day (today without one), in cents. */
  const figures = async (asOf?: string) => {
    const res = await c.get(`/api/reports${asOf ? `?asOf=${asOf}` : ''}`);
    expect(res.status).toBe(200);
    const b = res.body;
    return {
      open: toCents(b.openInvoiceBalance),
      unapplied: toCents(b.unappliedCash),
      net: toCents(b.totalOutstanding),
      over90: toCents(b.aging.over90),
      current: toCents(b.aging.current),
    };
  };
  const minus = (a: Awaited<ReturnType<typeof figures>>, b: typeof a) => ({
    open: a.open - b.open,
    unapplied: a.unapplied - b.unapplied,
    net: a.net - b.net,
  });

  it('nets unapplied cash out of Total Outstanding, today and on asOf, from the day each allocation, void and refund was made', async () => {
    // Invoice I (500.00, 1 June 2024). Payment A (300.00, 10 June) applied 200.00 with it and
    // 100.00 on 20 June; payment B (150.00, 15 June) applied 100.00 on 16 June, that voided on
    // 22 June; 50.00 of B refunded on 25 June, the refund dated 18 June. Now: I owes 200.00,
    // B has 100.00 unapplied, the pharmacy owes 100.00 net.
    const days = [
      '2024-06-09',
      '2024-06-10',
      '2024-06-15',
      '2024-06-16',
      '2024-06-19',
      '2024-06-20',
      '2024-06-21',
      '2024-06-22',
      '2024-06-24',
      '2024-06-25',
    ];
    const before = new Map<string, Awaited<ReturnType<typeof figures>>>();
    for (const day of [...days, 'today']) {
      before.set(day, await figures(day === 'today' ? undefined : day));
    }

    const p = await insertPharmacy(t.db, 'Unapplied Pharmacy');
    const invoice = await insertInvoice(t.db, {
      pharmacyId: p,
      status: 'Partially Paid',
      invoiceDate: '2024-06-01',
      dueDate: '2024-06-01',
      total: '500.00',
      balance: '200.00',
    });
    const at = (day: string) => `${day}T12:00:00Z`;
    const payment = async (number: string, date: string, amount: string, unapplied: string) =>
      (
        await t.db
          .insertInto('payments')
          .values({
            paymentNumber: number,
            pharmacyId: p,
            date,
            amount,
            unapplied,
            method: 'Check',
            createdAt: at(date),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const a = await payment('PAY-UNAPPLIED-A', '2024-06-10', '300.00', '0.00');
    const b = await payment('PAY-UNAPPLIED-B', '2024-06-15', '150.00', '100.00');
    const allocation = (paymentId: number, amount: string, made: string, voided?: string) => ({
      pharmacyId: p,
      paymentId,
      invoiceId: invoice,
      amount,
      createdAt: at(made),
      countsFrom: allocationCountsFrom({
        invoiceId: sql`${invoice}::int`,
        paymentId: sql`${paymentId}::int`,
        creditNoteId: sql`null::int`,
        createdAt: sql`${at(made)}::timestamptz`,
      }),
      invoiceDate: allocationInvoiceDate({ invoiceId: sql`${invoice}::int` }),
      ...(voided ? { voidedAt: at(voided), voidReason: 'Wrong invoice' } : {}),
    });
    await t.db
      .insertInto('allocations')
      .values([
        allocation(a, '200.00', '2024-06-10'),
        allocation(a, '100.00', '2024-06-20'),
        allocation(b, '100.00', '2024-06-16', '2024-06-22'),
      ])
      .execute();
    await t.db
      .insertInto('refunds')
      .values({
        pharmacyId: p,
        paymentId: b,
        amount: '50.00',
        date: '2024-06-18',
        method: 'Check',
        createdAt: at('2024-06-25'),
      })
      .execute();
    await t.db
      .updateTable('pharmacies')
      .set({ balance: '200.00', unapplied: '100.00' })
      .where('id', '=', p)
      .execute();

    // What invoice I owed, what was unapplied and the net, in dollars, on each day.
    const expected: Record<string, [number, number, number]> = {
      '2024-06-09': [500, 0, 500], // A is dated the 10th
      '2024-06-10': [300, 100, 200], // A's first 200.00 counts from its date
      '2024-06-15': [300, 250, 50], // B arrives
      '2024-06-16': [200, 150, 50], // B's 100.00 applied that day
      '2024-06-19': [200, 150, 50],
      '2024-06-20': [100, 50, 50], // A's rest applied the day it was made, not on A's date
      '2024-06-21': [100, 50, 50],
      '2024-06-22': [200, 150, 50], // B's allocation voided that day
      '2024-06-24': [200, 150, 50], // the refund dated the 18th was not recorded yet
      '2024-06-25': [200, 100, 100],
      today: [200, 100, 100],
    };
    for (const [day, [open, unapplied, net]] of Object.entries(expected)) {
      const now = await figures(day === 'today' ? undefined : day);
      expect(minus(now, before.get(day)!), day).toEqual({
        open: open * 100,
        unapplied: unapplied * 100,
        net: net * 100,
      });
      // Net is the aging's buckets less the unapplied line, to the cent.
      expect(now.net, day).toBe(now.open - now.unapplied);
    }
    // Today invoice I is over 90 days past due; on 16 June it was 15 days past due.
    expect((await figures()).over90 - before.get('today')!.over90).toBe(20000);
    expect((await figures('2024-06-16')).current - before.get('2024-06-16')!.current).toBe(20000);

    // The CSV: the buckets, the unapplied line taken off and the net total, as the report says.
    const report = (await c.get('/api/reports?asOf=2024-06-16')).body;
    const csv = await c.get('/api/reports/aging.csv?asOf=2024-06-16');
    expect(csv.status).toBe(200);
    const rows = csv.text.trim().split(/\r?\n/);
    expect(rows.at(-2)).toBe(
      `Unapplied cash and credits,,${toCents(report.unappliedCash) ? '-' : ''}${report.unappliedCash}`,
    );
    expect(rows.at(-1)).toBe(
      `Total outstanding,${report.outstandingInvoiceCount},${report.totalOutstanding}`,
    );

    await sql`delete from pharmacies where id = ${p}`.execute(t.db);
  });

  describe('the day each allocation counts from (counts_from, migration 0027)', () => {
    const today = todayIso();
    const day = (n: number) => addDaysIso(today, n);

    /** The report's figures on each day, so that a test compares what its own rows added. */
    const snapshot = async (days: number[]) =>
      new Map(await Promise.all(days.map(async (n) => [n, await figures(day(n))] as const)));
    const added = async (before: Awaited<ReturnType<typeof snapshot>>) => {
      const changes: Record<number, { open: number; unapplied: number }> = {};
      for (const [n, then] of before) {
        const { open, unapplied } = minus(await figures(day(n)), then);
        changes[n] = { open: open / 100, unapplied: unapplied / 100 };
      }
      return changes;
    };

    const pharmacy = (name: string) => createPharmacy(c, name);
    /** A $100.00 invoice issued that day. */
    const invoice = async (pharmacyId: number, invoiceDate: string) =>
      (await createInvoice(c, pharmacyId, '100.00', { invoiceDate, dueDate: day(30) })).id;
    /** The spec's payment of the whole $100.00 invoice on that day: one allocation, made with it. */
    async function payInFull(pharmacyId: number, invoiceId: number, date: string) {
      const pay = await c.post('/api/payments', {
        invoiceId,
        pharmacyId,
        date,
        amount: '100.00',
        method: 'ACH',
      });
      expect(pay.status, pay.text).toBe(201);
      return pay.body;
    }
    const countsFrom = async (paymentId: number) =>
      (
        await t.db
          .selectFrom('allocations')
          .select(sql<string>`counts_from::text`.as('day'))
          .where('paymentId', '=', paymentId)
          .orderBy('id')
          .execute()
      ).map((r) => r.day);

    it('counts an allocation made today for an invoice dated last month from today', async () => {
      const before = await snapshot([-30, -1, 0]);
      const p = await pharmacy('Counts From Today Pharmacy');
      const i = await invoice(p, day(-30));
      const pay = await c.post('/api/payments', {
        pharmacyId: p,
        date: day(-30),
        amount: '100.00',
        method: 'Check',
        allocations: [],
      });
      expect(pay.status, pay.text).toBe(201);
      const alloc = await c.post(`/api/payments/${pay.body.id}/allocations`, {
        invoiceId: i,
        amount: '100.00',
      });
      expect(alloc.status, alloc.text).toBe(201);

      expect(await countsFrom(pay.body.id)).toEqual([today]);
      // Yesterday the invoice was owed and the payment's 100.00 unapplied; today it is paid.
      expect(await added(before)).toEqual({
        [-30]: { open: 100, unapplied: 100 },
        [-1]: { open: 100, unapplied: 100 },
        0: { open: 0, unapplied: 0 },
      });
      expect(await moneyViolations(t.db, [p])).toEqual([]);
    });

    it('counts a voided allocation until the day it was voided', async () => {
      const before = await snapshot([-21, -20, -1, 0]);
      const p = await pharmacy('Counts Until Voided Pharmacy');
      const i = await invoice(p, day(-30));
      // The spec's payment: its allocation is made with it and counts from its date.
      const pay = await payInFull(p, i, day(-20));
      expect(await countsFrom(pay.id)).toEqual([day(-20)]);
      const voided = await c.post(`/api/allocations/${pay.allocations[0].id}/void`, {
        reason: 'Wrong invoice',
      });
      expect(voided.status, voided.text).toBe(200);

      expect(await added(before)).toEqual({
        [-21]: { open: 100, unapplied: 0 },
        [-20]: { open: 0, unapplied: 0 },
        [-1]: { open: 0, unapplied: 0 },
        0: { open: 100, unapplied: 100 },
      });
      expect(await moneyViolations(t.db, [p])).toEqual([]);
    });

    it("moves with its payment's date, voided allocations too", async () => {
      const p = await pharmacy('Payment Date Edit Pharmacy');
      const a = await invoice(p, day(-30));
      const b = await invoice(p, day(-30));
      const pay = await c.post('/api/payments', {
        pharmacyId: p,
        date: day(-20),
        amount: '150.00',
        method: 'Check',
        allocations: [
          { invoiceId: a, amount: '100.00' },
          { invoiceId: b, amount: '50.00' },
        ],
      });
      expect(pay.status, pay.text).toBe(201);
      const voided = await c.post(`/api/allocations/${pay.body.allocations[1].id}/void`, {
        reason: 'Wrong invoice',
      });
      expect(voided.status, voided.text).toBe(200);
      expect(await countsFrom(pay.body.id)).toEqual([day(-20), day(-20)]);

      const before = await snapshot([-15, -10]);
      const edit = await c.put(`/api/payments/${pay.body.id}`, {
        pharmacyId: p,
        date: day(-10),
        amount: '150.00',
        method: 'Check',
      });
      expect(edit.status, edit.text).toBe(200);
      expect(await countsFrom(pay.body.id)).toEqual([day(-10), day(-10)]);
      // 15 days ago invoice A was paid and B's 50.00 applied; now the payment came 10 days ago.
      expect(await added(before)).toEqual({
        [-15]: { open: 150, unapplied: 0 },
        [-10]: { open: 0, unapplied: 0 },
      });
      expect(await moneyViolations(t.db, [p])).toEqual([]);
    });

    it("moves with its invoice's date", async () => {
      const p = await pharmacy('Invoice Date Edit Pharmacy');
      const i = await invoice(p, day(-30));
      const pay = await payInFull(p, i, day(-25));
      expect(await countsFrom(pay.id)).toEqual([day(-25)]);

      const before = await snapshot([-10, -5]);
      const edit = await c.put(`/api/invoices/${i}`, {
        pharmacyId: p,
        invoiceDate: day(-5),
        dueDate: day(30),
        taxRate: '0.0000',
        shipping: '0.00',
        amount: '100.00',
      });
      expect(edit.status, edit.text).toBe(200);
      expect(await countsFrom(pay.id)).toEqual([day(-5)]);
      const { rows } = await sql<{ day: string }>`
        select invoice_date::text as day from allocations where payment_id = ${pay.id}`.execute(
        t.db,
      );
      expect(rows).toEqual([{ day: day(-5) }]);
      // 10 days ago the invoice was not yet issued: the payment was unapplied cash then.
      expect(await added(before)).toEqual({
        [-10]: { open: 0, unapplied: 100 },
        [-5]: { open: 0, unapplied: 0 },
      });
      expect(await moneyViolations(t.db, [p])).toEqual([]);
    });

    it('is checked by moneyViolations, with the invoice date stored beside it', async () => {
      const p = await pharmacy('Counts From Check Pharmacy');
      const i = await invoice(p, day(-30));
      const pay = await payInFull(p, i, day(-20));
      const id = pay.allocations[0].id;
      await sql`update allocations set counts_from = counts_from - 1 where id = ${id}`.execute(
        t.db,
      );
      expect(await moneyViolations(t.db, [p])).toEqual([
        `allocation ${id}: counts from ${day(-21)}, not ${day(-20)} (its source's and invoice's dates, the day made)`,
      ]);
      await sql`update allocations set counts_from = counts_from + 1 where id = ${id}`.execute(
        t.db,
      );
      await sql`update allocations set invoice_date = invoice_date + 1 where id = ${id}`.execute(
        t.db,
      );
      expect(await moneyViolations(t.db, [p])).toEqual([
        `allocation ${id}: invoice date ${day(-29)}, not its invoice's ${day(-30)}`,
      ]);
      await sql`update allocations set invoice_date = invoice_date - 1 where id = ${id}`.execute(
        t.db,
      );
    });
  });
});

describe('pharmacy_sales and pharmacy_monthly_sales, kept by the invoices triggers', () => {
  it('follows inserts, status and total changes, moves between pharmacies and months, and deletes', async () => {
    const a = await insertPharmacy(t.db, 'Trigger A');
    const b = await insertPharmacy(t.db, 'Trigger B');
    const draft = await insertInvoice(t.db, {
      pharmacyId: a,
      status: 'Draft',
      total: '10.00',
      balance: '10.00',
    });
    const issued = await insertInvoice(t.db, {
      pharmacyId: a,
      status: 'Unpaid',
      total: '20.00',
      balance: '20.00',
    });
    expect(await salesAsKept(t.db)).toEqual(await salesFromScratch(t.db));

    const steps = [
      sql`update invoices set status = 'Unpaid' where id = ${draft}`,
      sql`update invoices set amount = 25.55, subtotal = 25.55, total = 25.55, balance = 25.55
          where id = ${issued}`,
      sql`update invoices set balance = 5.55, status = 'Partially Paid' where id = ${issued}`,
      sql`update invoices set pharmacy_id = ${b} where id = ${draft}`,
      sql`update invoices set status = 'Draft' where id = ${draft}`,
      sql`update invoices set invoice_date = invoice_date - 40 where id = ${issued}`,
      sql`update invoices set invoice_date = invoice_date + 40, pharmacy_id = ${b}
          where id = ${issued}`,
      sql`update invoices set pharmacy_id = ${a} where id = ${issued}`,
      // One statement across both pharmacies.
      sql`update invoices
          set amount = amount + 1, subtotal = subtotal + 1, total = total + 1, balance = balance + 1
          where pharmacy_id in (${a}, ${b})`,
      sql`insert into invoices (invoice_number, pharmacy_id, invoice_date, due_date, status,
                               amount, subtotal, total, balance)
          select 'INV-BULK-' || n, case when n % 2 = 0 then ${a}::int else ${b}::int end,
                 current_date - n * 7, current_date, 'Unpaid', n, n, n, n
            from generate_series(1, 20) n`,
      sql`update invoices set invoice_date = invoice_date + 31 where invoice_number like 'INV-BULK-%'`,
      sql`delete from invoices where id = ${issued}`,
      sql`delete from invoices where invoice_number like 'INV-BULK-1%'`,
    ];
    for (const step of steps) {
      await step.execute(t.db);
      expect(await salesAsKept(t.db)).toEqual(await salesFromScratch(t.db));
    }
  });

  it('leaves nothing behind, and fails nothing, when a pharmacy goes with its invoices', async () => {
    const p = await insertPharmacy(t.db, 'Going Away');
    await insertInvoice(t.db, { pharmacyId: p, status: 'Unpaid', total: '9.99', balance: '9.99' });
    await sql`delete from pharmacies where id = ${p}`.execute(t.db);
    const rows = await t.db
      .selectFrom('pharmacySales')
      .selectAll()
      .where('pharmacyId', '=', p)
      .execute();
    expect(rows).toEqual([]);
    expect(await salesAsKept(t.db)).toEqual(await salesFromScratch(t.db));
  });

  it('writes nothing for an update that changes no total, status, pharmacy or date', async () => {
    const p = await insertPharmacy(t.db, 'Quiet');
    const id = await insertInvoice(t.db, {
      pharmacyId: p,
      status: 'Unpaid',
      total: '30.00',
      balance: '30.00',
    });
    const versions = () =>
      sql<{ xmin: string }>`
        select xmin::text from pharmacy_sales where pharmacy_id = ${p}
        union all
        select xmin::text from pharmacy_monthly_sales where pharmacy_id = ${p}`.execute(t.db);
    const before = await versions();
    expect(before.rows).toHaveLength(2);
    await sql`update invoices set balance = 10.00, status = 'Partially Paid', notes = 'paid 20'
              where id = ${id}`.execute(t.db);
    await sql`update invoices set notes = 'reminder sent' where id = ${id}`.execute(t.db);
    expect((await versions()).rows).toEqual(before.rows);
  });

  it(
    raceTest('takes pharmacy_sales rows in id order, so concurrent bulk writes never deadlock'),
    async () => {
      const ids: number[] = [];
      for (let n = 0; n < 4; n++) ids.push(await insertPharmacy(t.db, `Race ${n}`));
      // Statements that list the same pharmacies in opposite orders, in transactions that stay
      // open a moment after them: the trigger's rows alone decide whether they deadlock.
      const writer = (order: number[], k: number) =>
        t.db.transaction().execute(async (trx) => {
          await sql`insert into invoices (invoice_number, pharmacy_id, invoice_date, due_date,
                                          status, amount, subtotal, total, balance)
                    select 'INV-RACE-' || ${k}::int || '-' || n, (${sql.val(order)}::int[])[n],
                           current_date, current_date, 'Unpaid', 1.25, 1.25, 1.25, 1.25
                      from generate_series(1, ${order.length}::int) n`.execute(trx);
          await sql`select pg_sleep(0.02)`.execute(trx);
        });
      await Promise.all(
        Array.from({ length: 12 }, (_, k) =>
          writer(k % 2 ? [...ids].reverse() : ids.slice(k % 3), k),
        ),
      );
      expect(await salesAsKept(t.db)).toEqual(await salesFromScratch(t.db));
    },
  );
});
