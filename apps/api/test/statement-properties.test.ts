/**
 * Issue 11: for random invoices and payments of a pharmacy, every statement's closing balance is
 * the pharmacy's balance on its end date (Σ issued invoices dated up to it − Σ payments dated up
 * to it), its lines add up from the opening to the closing, its aging less what was paid ahead of
 * invoices dated after the period is the closing balance too, and a statement reaching past the
 * last document closes at the balance the pharmacy row keeps.
 */
import { addDaysIso, fromCents, toCents } from '@pharm/validators';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
});
afterAll(() => t.close());

const START = '2026-01-01';
const day = fc.integer({ min: 0, max: 120 });

const invoice = fc.record({
  day,
  cents: fc.integer({ min: 0, max: 50_000 }),
  draft: fc.boolean(),
});
/** A payment on the invoice `invoice` (modulo the issued ones), of `share` ‰ of what is left. */
const payment = fc.record({ day, invoice: fc.nat(), share: fc.integer({ min: 1, max: 1000 }) });
const period = fc.tuple(day, fc.integer({ min: 0, max: 60 }));

let run = 0;

it('closes every statement at the balance as of its end date', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(invoice, { minLength: 1, maxLength: 6 }),
      fc.array(payment, { maxLength: 6 }),
      fc.array(period, { minLength: 1, maxLength: 3 }),
      async (invoices, payments, periods) => {
        const created = await c.post('/api/pharmacies', {
          name: `Property Pharmacy ${++run}`,
          email: 'p@example.com',
        });
        const pharmacyId: number = created.body.id;
        const issued: { id: number; date: string; total: number; left: number }[] = [];
        const paid: { date: string; cents: number; invoiceDate: string }[] = [];
        for (const i of invoices) {
          const date = addDaysIso(START, i.day);
          const res = await c.post('/api/invoices', {
            pharmacyId,
            invoiceDate: date,
            dueDate: addDaysIso(date, 30),
            taxRate: '0.0875',
            shipping: '0.00',
            amount: fromCents(i.cents),
            status: i.draft ? 'Draft' : 'Unpaid',
          });
          expect(res.status, res.text).toBe(201);
          if (!i.draft) {
            const total = toCents(res.body.total);
            issued.push({ id: res.body.id, date, total, left: total });
          }
        }
        for (const p of payments) {
          const target = issued[p.invoice % Math.max(issued.length, 1)];
          if (!target) break;
          const cents = Math.floor((target.left * p.share) / 1000);
          if (cents === 0) continue;
          const date = addDaysIso(START, p.day);
          const res = await c.post('/api/payments', {
            pharmacyId,
            invoiceId: target.id,
            date,
            amount: fromCents(cents),
            method: 'Check',
          });
          expect(res.status, res.text).toBe(201);
          target.left -= cents;
          paid.push({ date, cents, invoiceDate: target.date });
        }
        const balanceOn = (date: string) =>
          issued.filter((i) => i.date <= date).reduce((sum, i) => sum + i.total, 0) -
          paid.filter((p) => p.date <= date).reduce((sum, p) => sum + p.cents, 0);

        for (const [start, length] of periods) {
          const from = addDaysIso(START, start);
          const to = addDaysIso(from, length);
          const res = await c.get(`/api/pharmacies/${pharmacyId}/statement?from=${from}&to=${to}`);
          expect(res.status, res.text).toBe(200);
          const statement = res.body;
          expect(statement.openingBalance).toBe(fromCents(balanceOn(addDaysIso(from, -1))));
          expect(statement.closingBalance).toBe(fromCents(balanceOn(to)));
          let running = toCents(statement.openingBalance);
          for (const line of statement.lines) {
            expect(line.date >= from && line.date <= to).toBe(true);
            running += (line.type === 'invoice' ? 1 : -1) * toCents(line.amount);
            expect(line.balance).toBe(fromCents(running));
          }
          expect(fromCents(running)).toBe(statement.closingBalance);
          // A payment may be dated before its invoice: on `to` it is paid ahead, not aged.
          const ahead = paid.filter((p) => p.date <= to && p.invoiceDate > to);
          expect(statement.unapplied).toBe(fromCents(ahead.reduce((sum, p) => sum + p.cents, 0)));
          const aged = Object.values(statement.aging as Record<string, string>).map(toCents);
          expect(
            fromCents(aged.reduce((sum, v) => sum + v, 0) - toCents(statement.unapplied)),
          ).toBe(statement.closingBalance);
        }
        const whole = await c.get(
          `/api/pharmacies/${pharmacyId}/statement?from=2025-01-01&to=2027-12-31`,
        );
        const pharmacy = await c.get(`/api/pharmacies/${pharmacyId}`);
        expect(whole.body.closingBalance).toBe(pharmacy.body.balance);
        // Everything is paid or owed by now, so the aging is all the balance.
        const aging = whole.body.aging as Record<string, string>;
        const owed = Object.values(aging).reduce((sum, v) => sum + toCents(v), 0);
        expect(fromCents(owed)).toBe(pharmacy.body.balance);
      },
    ),
    { numRuns: 25 },
  );
});
