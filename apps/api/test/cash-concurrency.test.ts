/**
 * Cash application under concurrency (issue 27): on PostgreSQL, 20 allocations at once from one
 * payment across 20 invoices, and 20 at once into one invoice from 20 payments. The pharmacy
 * row serialises them (pharmacy → invoices by id → payment / credit note → counter), so exactly
 * as many succeed as the money allows, the rest are 409 naming what is left, none is a 500, no
 * deadlock is detected and the money rules hold. PGlite runs one query at a time, so there these
 * prove nothing and are skipped. CASH_CONCURRENCY_ROUNDS repeats each (3 by default).
 */
import { moneyViolations } from '@pharm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoice, createPharmacy } from './fixtures.js';
import {
  deadlockCount,
  startTestApp,
  usingPostgres,
  type Client,
  type TestApp,
} from './helpers.js';

const ROUNDS = Number(process.env.CASH_CONCURRENCY_ROUNDS ?? 3);
const N = 20;

let t: TestApp;
let clients: Client[];

beforeAll(async () => {
  // Twenty transactions queue on one pharmacy's row: on a loaded machine the last can wait past
  // the 5 s lock timeout and get its 503, which says nothing about the rules asked here.
  t = await startTestApp({
    db: { poolMax: 10, statementTimeoutMs: 60_000, lockTimeoutMs: 60_000 },
  });
  clients = await Promise.all(Array.from({ length: 4 }, () => t.signedIn()));
});
afterAll(() => t.close());

const c = () => clients[0]!;

const newPharmacy = (name: string) => createPharmacy(c(), name);
const newInvoice = async (pharmacyId: number, total: string) =>
  (await createInvoice(c(), pharmacyId, total)).id;

async function newAccountPayment(pharmacyId: number, amount: string): Promise<number> {
  const res = await c().post('/api/payments', {
    pharmacyId,
    date: '2026-03-20',
    amount,
    method: 'Check',
    allocations: [],
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

function tally(statuses: number[]) {
  return statuses.reduce<Record<number, number>>(
    (acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }),
    {},
  );
}

describe.skipIf(!usingPostgres)('concurrent allocations (PostgreSQL)', () => {
  it(`${N} at once from one payment across ${N} invoices never over-allocate it, nor deadlock`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const pharmacyId = await newPharmacy(`Race from one ${round}`);
      const invoices: number[] = [];
      for (let i = 0; i < N; i++) invoices.push(await newInvoice(pharmacyId, '10.00'));
      // Room for half of them: 100.00 over twenty allocations of 10.00.
      const payment = await newAccountPayment(pharmacyId, '100.00');
      const deadlocks = await deadlockCount(t.db);
      const answers = await Promise.all(
        invoices.map((invoiceId, i) =>
          clients[i % clients.length]!.post(`/api/payments/${payment}/allocations`, {
            invoiceId,
            amount: '10.00',
          }),
        ),
      );
      const said = JSON.stringify(answers.map((a) => [a.status, a.body?.message]));
      expect(tally(answers.map((a) => a.status)), said).toEqual({ 201: 10, 409: 10 });
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(refused.body.message).toMatch(/^Payment PAY-\S+ has \$0\.00 unapplied$/);
      }
      const after = (await c().get(`/api/payments/${payment}`)).body;
      expect(after.unapplied).toBe('0.00');
      expect(after.allocations).toHaveLength(10);
      expect(await deadlockCount(t.db), 'deadlocks detected').toBe(deadlocks);
      expect(await moneyViolations(t.db, [pharmacyId])).toEqual([]);
    }
  }, 300_000);

  it(`${N} at once into one invoice from ${N} payments and credit notes never over-allocate it, nor deadlock`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const pharmacyId = await newPharmacy(`Race into one ${round}`);
      // Room for half of them: 50.00 taken 5.00 at a time.
      const invoiceId = await newInvoice(pharmacyId, '50.00');
      const sources: string[] = [];
      for (let i = 0; i < N; i++) {
        if (i % 4 === 3) {
          const note = await c().post('/api/credit-notes', {
            pharmacyId,
            date: '2026-03-20',
            reason: 'race',
            amount: '5.00',
          });
          expect(note.status, note.text).toBe(201);
          sources.push(`/api/credit-notes/${note.body.id}/allocations`);
        } else {
          sources.push(`/api/payments/${await newAccountPayment(pharmacyId, '5.00')}/allocations`);
        }
      }
      const deadlocks = await deadlockCount(t.db);
      const answers = await Promise.all(
        sources.map((path, i) =>
          clients[i % clients.length]!.post(path, { invoiceId, amount: '5.00' }),
        ),
      );
      const said = JSON.stringify(answers.map((a) => [a.status, a.body?.message]));
      expect(tally(answers.map((a) => a.status)), said).toEqual({ 201: 10, 409: 10 });
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(refused.body.message).toMatch(/^Invoice INV-\S+ has \$0\.00 left to pay$/);
      }
      expect((await c().get(`/api/invoices/${invoiceId}`)).body).toMatchObject({
        status: 'Paid',
        balance: '0.00',
      });
      expect((await c().get(`/api/pharmacies/${pharmacyId}`)).body).toMatchObject({
        balance: '0.00',
        unapplied: '50.00',
      });
      expect(await deadlockCount(t.db), 'deadlocks detected').toBe(deadlocks);
      expect(await moneyViolations(t.db, [pharmacyId])).toEqual([]);
    }
  }, 300_000);

  it('voids, refunds and applies oldest first racing each other and payment edits: no deadlock, no 500', async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const pharmacyId = await newPharmacy(`Race mixed ${round}`);
      const invoices: number[] = [];
      for (let i = 0; i < 6; i++) invoices.push(await newInvoice(pharmacyId, '20.00'));
      const payments: number[] = [];
      for (let i = 0; i < 6; i++) payments.push(await newAccountPayment(pharmacyId, '15.00'));
      const made = await c().post(`/api/payments/${payments[0]}/allocations`, {
        invoiceId: invoices[5],
        amount: '5.00',
      });
      expect(made.status, made.text).toBe(201);
      const deadlocks = await deadlockCount(t.db);
      const requests = [
        ...payments.map((p, i) =>
          clients[i % 4]!.post(`/api/payments/${p}/allocations`, {
            invoiceId: invoices[(i * 5) % 6],
            amount: '7.50',
          }),
        ),
        ...payments.map((p, i) =>
          clients[(i + 1) % 4]!.post('/api/refunds', {
            paymentId: p,
            amount: '5.00',
            date: '2026-03-21',
            method: 'ACH',
          }),
        ),
        clients[2]!.post(`/api/allocations/${made.body.id}/void`, { reason: 'race' }),
        clients[3]!.post(`/api/allocations/${made.body.id}/void`, { reason: 'race again' }),
        (async () => {
          const proposal = await clients[1]!.get(`/api/pharmacies/${pharmacyId}/apply-proposal`);
          if (!proposal.body.proposals?.length) return proposal;
          return clients[1]!.post('/api/allocations', {
            pharmacyId,
            allocations: proposal.body.proposals.map(
              (p: { paymentId: number; invoiceId: number; amount: string }) => ({
                paymentId: p.paymentId,
                invoiceId: p.invoiceId,
                amount: p.amount,
              }),
            ),
          });
        })(),
        clients[0]!.put(`/api/payments/${payments[1]}`, {
          pharmacyId,
          date: '2026-03-20',
          amount: '16.00',
          method: 'Check',
        }),
        clients[1]!.delete(`/api/payments/${payments[2]}`),
      ];
      const answers = await Promise.all(requests);
      // A refund of the payment deleted meanwhile names it as gone; any other 400 is a bug.
      const failures = answers.filter(
        (a) =>
          a.status >= 500 ||
          (a.status === 400 && !/^Payment \d+ does not exist$/.test(a.body?.message ?? '')),
      );
      expect(failures.map((a) => a.text)).toEqual([]);
      expect(answers.filter((a) => a.status === 200 && a.body?.voidReason).length).toBe(1);
      expect(await deadlockCount(t.db), 'deadlocks detected').toBe(deadlocks);
      expect(await moneyViolations(t.db, [pharmacyId])).toEqual([]);
    }
  }, 300_000);
});
