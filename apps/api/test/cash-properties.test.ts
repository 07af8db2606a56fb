/**
 * Cash application's money rules (issue 27, decisions.md §9) over random sequences of invoice
 * creates, edits and deletes, payments (the spec's and to the account with allocations),
 * allocations, voids, credit notes, refunds, payment edits and deletes, and applying oldest
 * first, through the REST paths. After every step:
 *
 * - moneyViolations is empty: each invoice's paid = Σ active allocations, 0 ≤ balance ≤ total,
 *   its status follows; each source's allocations + refunds ≤ its amount and its stored rest is
 *   right; each pharmacy's balance and unapplied are the sums;
 * - statements add up: over all time closing = balance − unapplied (what the pharmacy owes
 *   net), the statement's unapplied is the pharmacy's and Σ aging − unapplied = closing; at the
 *   end of each sequence also over a period in the middle: opening ± lines = closing, each
 *   line's running balance, and Σ aging − unapplied = closing on its last day.
 * - a payment's delete keeps each of its allocations, every one voided, and the payment is 404.
 *
 * A refusal is fine when a service gives it on purpose (4xx with its own message); a 500, or a
 * refusal only a check constraint gave (the services let an impossible state through), fails.
 * CASH_PROPERTY_RUNS sets the number of sequences (50 by default).
 */
import { moneyViolations } from '@pharm/db';
import { fromCents, toCents } from '@pharm/validators';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from './helpers.js';

const RUNS = Number(process.env.CASH_PROPERTY_RUNS ?? 50);
/**
 * A fixed seed by default, so that the coverage checks below (every command reached both its
 * answers) hold on every CI run; CASH_PROPERTY_SEED picks other sequences.
 */
const SEED = Number(process.env.CASH_PROPERTY_SEED ?? 1);

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
});
afterAll(() => t.close());

const PHARMACIES = 2;
const pick = fc.nat(1_000);
const cents = fc.integer({ min: 1, max: 15_000 });
/** Cents, or all that is left (of a source or an invoice): the edges, and a cent beyond them. */
const amount = fc.oneof(
  { weight: 3, arbitrary: cents },
  { weight: 1, arbitrary: fc.constantFrom('rest' as const, 'over' as const) },
);
const day = fc.integer({ min: 1, max: 28 });

const command = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('createInvoice' as const),
      pharmacy: fc.nat(PHARMACIES - 1),
      amount: fc.integer({ min: 0, max: 20_000 }),
      taxRate: fc.constantFrom('0.0000', '0.0825'),
      draft: fc.boolean(),
      day,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('editInvoice' as const),
      invoice: pick,
      amount: fc.integer({ min: 0, max: 20_000 }),
      move: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('deleteInvoice' as const), invoice: pick }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('pay' as const), invoice: pick, amount, day }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('payAccount' as const),
      pharmacy: fc.nat(PHARMACIES - 1),
      amount: cents,
      allocations: fc.array(fc.record({ invoice: pick, amount: cents }), { maxLength: 3 }),
      day,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('allocate' as const),
      credit: fc.boolean(),
      source: pick,
      invoice: pick,
      amount,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('void' as const), allocation: pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('creditNote' as const),
      pharmacy: fc.nat(PHARMACIES - 1),
      invoice: fc.option(pick, { nil: undefined }),
      amount: cents,
      day,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      credit: fc.boolean(),
      source: pick,
      amount,
      day,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('editPayment' as const), payment: pick, amount }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('deletePayment' as const), payment: pick }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('applyOldestFirst' as const),
      pharmacy: fc.nat(PHARMACIES - 1),
    }),
  },
);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

/** Messages that only a check constraint gives: a service let an impossible state through. */
const BACKSTOPS = [
  'Payments cannot exceed the invoice total',
  'The invoice status must agree with its balance',
  'A payment cannot be applied or refunded beyond its amount',
  'A credit note cannot be applied or refunded beyond its total',
];

const dateOf = (d: number) => `2026-03-${String(d).padStart(2, '0')}`;
const nth = <T>(list: readonly T[], i: number) => (list.length ? list[i % list.length] : undefined);

let runs = 0;
const seen = new Map<string, number>();

async function runSequence(commands: Command[]) {
  const run = ++runs;
  if (run % 100 === 0) console.log(`cash properties: ${run} sequences so far, all held`);
  const pharmacyIds: number[] = [];
  for (let k = 0; k < PHARMACIES; k++) {
    const res = await c.post('/api/pharmacies', {
      name: `Cash run ${run} pharmacy ${k}`,
      email: `cash${run}-${k}@example.com`,
    });
    expect(res.status, res.text).toBe(201);
    pharmacyIds.push(res.body.id);
  }
  const invoices: { id: number; pharmacyId: number }[] = [];
  const payments: number[] = [];
  const notes: number[] = [];
  const allocations: number[] = [];
  const invoiceOf = (i: number) => nth(invoices, i);

  const check = (label: string, res: { status: number; body?: { message?: string } }) => {
    seen.set(`${label} ${res.status}`, (seen.get(`${label} ${res.status}`) ?? 0) + 1);
    const message = res.body?.message ?? '';
    if (res.status >= 500 || BACKSTOPS.includes(message)) {
      throw new Error(`${label} answered ${res.status} ${message}`);
    }
    return res.status < 300;
  };

  /** What is left on an invoice or a source, plus what a command asks beyond it. */
  const resolve = (wanted: number | 'rest' | 'over', left: string) =>
    wanted === 'rest'
      ? toCents(left) === 0
        ? '0.01'
        : left
      : wanted === 'over'
        ? fromCents(toCents(left) + 1)
        : fromCents(wanted);

  async function perform(cmd: Command) {
    switch (cmd.kind) {
      case 'createInvoice': {
        const res = await c.post('/api/invoices', {
          pharmacyId: pharmacyIds[cmd.pharmacy],
          invoiceDate: dateOf(cmd.day),
          dueDate: '2026-04-30',
          taxRate: cmd.taxRate,
          shipping: '0.00',
          amount: fromCents(cmd.amount),
          status: cmd.draft ? 'Draft' : 'Unpaid',
        });
        if (check(cmd.kind, res))
          invoices.push({ id: res.body.id, pharmacyId: res.body.pharmacyId });
        return;
      }
      case 'editInvoice': {
        const invoice = invoiceOf(cmd.invoice);
        if (!invoice) return;
        const current = await c.get(`/api/invoices/${invoice.id}`);
        if (current.status === 404) return;
        const pharmacyId = cmd.move
          ? pharmacyIds.find((p) => p !== invoice.pharmacyId)!
          : invoice.pharmacyId;
        const res = await c.put(`/api/invoices/${invoice.id}`, {
          pharmacyId,
          invoiceDate: current.body.invoiceDate,
          dueDate: current.body.dueDate,
          taxRate: current.body.taxRate,
          shipping: current.body.shipping,
          amount: fromCents(cmd.amount),
        });
        if (check(cmd.kind, res)) invoice.pharmacyId = res.body.pharmacyId;
        return;
      }
      case 'deleteInvoice': {
        const invoice = invoiceOf(cmd.invoice);
        if (invoice) check(cmd.kind, await c.delete(`/api/invoices/${invoice.id}`));
        return;
      }
      case 'pay': {
        const invoice = invoiceOf(cmd.invoice);
        if (!invoice) return;
        const current = await c.get(`/api/invoices/${invoice.id}`);
        if (current.status === 404) return;
        const res = await c.post('/api/payments', {
          invoiceId: invoice.id,
          pharmacyId: invoice.pharmacyId,
          date: dateOf(cmd.day),
          amount: resolve(cmd.amount, current.body.balance),
          method: 'ACH',
        });
        if (check(cmd.kind, res)) {
          payments.push(res.body.id);
          allocations.push(...res.body.allocations.map((a: { id: number }) => a.id));
        }
        return;
      }
      case 'payAccount': {
        const pharmacyId = pharmacyIds[cmd.pharmacy]!;
        const wanted = cmd.allocations
          .map((a) => ({ invoice: invoiceOf(a.invoice), amount: a.amount }))
          .filter((a) => a.invoice);
        const unique = [...new Map(wanted.map((a) => [a.invoice!.id, a])).values()];
        const res = await c.post('/api/payments', {
          pharmacyId,
          date: dateOf(cmd.day),
          amount: fromCents(cmd.amount),
          method: 'Check',
          allocations: unique.map((a) => ({
            invoiceId: a.invoice!.id,
            amount: fromCents(a.amount),
          })),
        });
        if (check(cmd.kind, res)) {
          payments.push(res.body.id);
          allocations.push(...res.body.allocations.map((a: { id: number }) => a.id));
        }
        return;
      }
      case 'allocate': {
        const sourceId = nth(cmd.credit ? notes : payments, cmd.source);
        const invoice = invoiceOf(cmd.invoice);
        if (sourceId === undefined || !invoice) return;
        const path = cmd.credit ? 'credit-notes' : 'payments';
        const source = await c.get(`/api/${path}/${sourceId}`);
        const target = await c.get(`/api/invoices/${invoice.id}`);
        if (source.status === 404 || target.status === 404) return;
        // 'rest' is all that may go: the lesser of the source's rest and the invoice's balance.
        const room = Math.min(toCents(source.body.unapplied), toCents(target.body.balance));
        const res = await c.post(`/api/${path}/${sourceId}/allocations`, {
          invoiceId: invoice.id,
          amount: resolve(cmd.amount, fromCents(room)),
        });
        if (check(cmd.kind, res)) allocations.push(res.body.id);
        return;
      }
      case 'void': {
        const id = nth(allocations, cmd.allocation);
        if (id !== undefined) {
          check(cmd.kind, await c.post(`/api/allocations/${id}/void`, { reason: 'property' }));
        }
        return;
      }
      case 'creditNote': {
        const invoice = cmd.invoice === undefined ? undefined : invoiceOf(cmd.invoice);
        const res = await c.post('/api/credit-notes', {
          pharmacyId: invoice?.pharmacyId ?? pharmacyIds[cmd.pharmacy],
          invoiceId: invoice?.id,
          date: dateOf(cmd.day),
          reason: 'property',
          amount: fromCents(cmd.amount),
        });
        if (check(cmd.kind, res)) notes.push(res.body.id);
        return;
      }
      case 'refund': {
        const sourceId = nth(cmd.credit ? notes : payments, cmd.source);
        if (sourceId === undefined) return;
        const source = await c.get(`/api/${cmd.credit ? 'credit-notes' : 'payments'}/${sourceId}`);
        if (source.status === 404) return;
        check(
          cmd.kind,
          await c.post('/api/refunds', {
            [cmd.credit ? 'creditNoteId' : 'paymentId']: sourceId,
            amount: resolve(cmd.amount, source.body.unapplied),
            date: dateOf(cmd.day > 27 ? 28 : cmd.day + 1),
            method: 'Check',
          }),
        );
        return;
      }
      case 'editPayment': {
        const id = nth(payments, cmd.payment);
        if (id === undefined) return;
        const payment = await c.get(`/api/payments/${id}`);
        if (payment.status === 404) return;
        const res = await c.put(`/api/payments/${id}`, {
          pharmacyId: payment.body.pharmacyId,
          date: payment.body.date,
          amount: resolve(cmd.amount, payment.body.amount),
          method: payment.body.method,
        });
        if (check(cmd.kind, res)) {
          allocations.push(...res.body.allocations.map((a: { id: number }) => a.id));
        }
        return;
      }
      case 'deletePayment': {
        const id = nth(payments, cmd.payment);
        if (id === undefined) return;
        const rows = () =>
          t.db
            .selectFrom('allocations')
            .select(['id', 'voidedAt'])
            .where('paymentId', '=', id)
            .orderBy('id')
            .execute();
        const before = await rows();
        if (!check(cmd.kind, await c.delete(`/api/payments/${id}`))) return;
        // Its allocations stay, every one voided, and the payment is gone for readers.
        const after = await rows();
        expect(after.map((a) => a.id)).toEqual(before.map((a) => a.id));
        expect(after.filter((a) => a.voidedAt === null)).toEqual([]);
        expect((await c.get(`/api/payments/${id}`)).status).toBe(404);
        return;
      }
      case 'applyOldestFirst': {
        const pharmacyId = pharmacyIds[cmd.pharmacy]!;
        const proposal = await c.get(`/api/pharmacies/${pharmacyId}/apply-proposal`);
        if (!check('propose', proposal) || !proposal.body.proposals.length) return;
        const res = await c.post('/api/allocations', {
          pharmacyId,
          allocations: proposal.body.proposals.map(
            (p: {
              paymentId: number | null;
              creditNoteId: number | null;
              invoiceId: number;
              amount: string;
            }) => ({
              ...(p.paymentId !== null ? { paymentId: p.paymentId } : {}),
              ...(p.creditNoteId !== null ? { creditNoteId: p.creditNoteId } : {}),
              invoiceId: p.invoiceId,
              amount: p.amount,
            }),
          ),
        });
        // Nothing else ran in between: the proposal must apply as it stands.
        expect(res.status, res.text).toBe(201);
        check(cmd.kind, res);
        allocations.push(...res.body.allocations.map((a: { id: number }) => a.id));
        return;
      }
    }
  }

  async function statementsAddUp(withPeriod: boolean) {
    for (const pharmacyId of pharmacyIds) {
      const agingOf = (aging: Record<string, string>) =>
        Object.values(aging).reduce((sum, v) => sum + toCents(v), 0);
      const all = await c.get(
        `/api/pharmacies/${pharmacyId}/statement?from=2026-01-01&to=2026-12-31`,
      );
      const pharmacy = (await c.get(`/api/pharmacies/${pharmacyId}`)).body;
      expect(toCents(all.body.closingBalance)).toBe(
        toCents(pharmacy.balance) - toCents(pharmacy.unapplied),
      );
      expect(all.body.unapplied).toBe(pharmacy.unapplied);
      expect(agingOf(all.body.aging) - toCents(all.body.unapplied)).toBe(
        toCents(all.body.closingBalance),
      );
      if (!withPeriod) continue;
      const mid = await c.get(
        `/api/pharmacies/${pharmacyId}/statement?from=2026-03-10&to=2026-03-20`,
      );
      expect(mid.status, mid.text).toBe(200);
      let running = toCents(mid.body.openingBalance);
      for (const line of mid.body.lines) {
        const cents = toCents(line.amount);
        running += line.type === 'invoice' || line.type === 'refund' ? cents : -cents;
        expect(toCents(line.balance)).toBe(running);
      }
      expect(toCents(mid.body.closingBalance)).toBe(running);
      expect(agingOf(mid.body.aging) - toCents(mid.body.unapplied)).toBe(running);
    }
  }

  for (const [step, cmd] of commands.entries()) {
    await perform(cmd);
    const violations = await moneyViolations(t.db, pharmacyIds);
    if (violations.length) {
      throw new Error(
        `run ${run}, step ${step} ${JSON.stringify(cmd)}:\n  ${violations.join('\n  ')}`,
      );
    }
    await statementsAddUp(step === commands.length - 1);
  }
}

it(`random sequences of cash application keep the money rules and the statements (${RUNS} runs)`, async () => {
  const started = Date.now();
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), runSequence),
    { numRuns: RUNS, seed: SEED },
  );
  console.log(
    `cash properties: ${RUNS} sequences (seed ${SEED}), ${[...seen.values()].reduce((a, b) => a + b, 0)} requests checked in ${Math.round((Date.now() - started) / 1000)} s`,
    Object.fromEntries([...seen].sort()),
  );
  // The runs as a whole reached both answers of the commands that move money.
  for (const kind of ['payAccount', 'allocate', 'void', 'creditNote', 'refund', 'deletePayment']) {
    expect((seen.get(`${kind} 201`) ?? 0) + (seen.get(`${kind} 200`) ?? 0), kind).toBeGreaterThan(
      0,
    );
  }
  for (const kind of ['allocate', 'refund']) {
    expect(seen.get(`${kind} 409`) ?? 0, kind).toBeGreaterThan(0);
  }
}, 3_600_000);
