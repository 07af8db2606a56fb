/**
 * docs/rules.md §2–§3 under concurrency: random sequences of invoice and payment creates, edits
 * and deletes, several of them interleaved at once through the REST paths, must leave every
 * invoice's balance at its total less its payments, within 0 and its total, with the status its
 * payments give it, and every pharmacy's balance at the sum of its non-Draft invoices' balances.
 * Each run works on pharmacies of its own, so a failing run is checked (and shrunk) on its own.
 *
 * A refusal is fine when it is one the services give on purpose (an overpayment, Mark Paid with a
 * balance, a record another sequence deleted, …). Any other answer fails the run: a 500, and also
 * a 409 from one of the database's check constraints, which means a service tried to store an
 * impossible invoice and only the constraint stopped it.
 */
import { moneyViolations } from '@pharm/db';
import { fromCents, toCents } from '@pharm/validators';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { raceTest, startTestApp, usingPostgres, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let clients: Client[];

beforeAll(async () => {
  t = await startTestApp();
  clients = await Promise.all(Array.from({ length: 4 }, () => t.signedIn()));
});
afterAll(() => t.close());

const PHARMACIES = 2;
const TAX_RATES = ['0.0000', '0.0500', '0.0825', '0.0875'] as const;

/** A record a command acts on: an index into the run's records, taken modulo their number. */
const pick = fc.nat(1_000);
const invoiceAmount = fc.oneof(
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 20_000 }) },
);
const invoiceFields = fc.record({
  pharmacy: fc.nat(PHARMACIES - 1),
  amount: invoiceAmount,
  taxRate: fc.constantFrom(...TAX_RATES),
  shipping: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_500 })),
});
/** Cents, or what is left to pay (read just before, so a race may make it too much). */
const paymentAmount = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 8_000 }) },
  { weight: 1, arbitrary: fc.constant('rest' as const) },
);

const command = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('createInvoice' as const),
      fields: invoiceFields,
      status: fc.constantFrom(undefined, 'Draft' as const, 'Unpaid' as const),
      fromOrder: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('editInvoice' as const),
      invoice: pick,
      fields: invoiceFields,
      // Half the edits name a pharmacy at random (a move with payments is refused), half keep it.
      move: fc.boolean(),
      status: fc.constantFrom(undefined, 'Draft' as const, 'Unpaid' as const, 'Paid' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('setStatus' as const),
      invoice: pick,
      status: fc.constantFrom('Draft' as const, 'Unpaid' as const, 'Paid' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('deleteInvoice' as const), invoice: pick }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      invoice: pick,
      amount: paymentAmount,
      // A few keys per run, so that repeats (same body or not) race each other too.
      key: fc.option(fc.nat(2), { nil: undefined, freq: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('editPayment' as const),
      payment: pick,
      amount: paymentAmount,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('deletePayment' as const), payment: pick }),
  },
);
type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;
type Command = ValueOf<typeof command>;
type InvoiceFields = ValueOf<typeof invoiceFields>;

const scenario = fc.record({
  /** Made one after another before the sequences start, so that payments have targets. */
  invoices: fc.array(invoiceFields, { minLength: 2, maxLength: 5 }),
  sequences: fc.array(fc.array(command, { minLength: 1, maxLength: 10 }), {
    minLength: 3,
    maxLength: 8,
  }),
});

/** The refusals the services give on purpose, by status; anything else fails the run. */
const INTENDED_REFUSALS: Record<number, RegExp[]> = {
  400: [
    /^Invoice \d+ does not exist$/,
    /^The payment's pharmacy must be invoice INV-\S+'s pharmacy$/,
  ],
  404: [/^(Invoice|Payment) not found$/],
  409: [
    /^Payment exceeds the invoice balance of \$[\d,]+\.\d\d$/,
    /^Order ORD-\S+ is already invoiced on INV-\S+$/,
    /^Invoice INV-\S+ cannot be marked Paid while its balance is \$[\d,]+\.\d\d$/,
    /^Invoice INV-\S+ total of \$[\d,]+\.\d\d cannot be below the \$[\d,]+\.\d\d already paid$/,
    /^Invoice INV-\S+ has payments and cannot move to another pharmacy$/,
    /^Cannot change invoice status from .+ to .+$/,
    /^The payment recorded with this Idempotency-Key has since been deleted$/,
  ],
  422: [/^This Idempotency-Key was already used with a different payment$/],
};

interface Outcome {
  command: string;
  status: number;
  message?: string;
}

/** Every answer of every run, by status: what the runs as a whole exercised. */
const seen = new Map<number, number>();
let runs = 0;

/** One run: its own pharmacies (each with an order to invoice), invoices, then the races. */
async function runScenario({ invoices, sequences }: ValueOf<typeof scenario>) {
  const run = ++runs;
  const c = clients[0]!;
  const pharmacyIds: number[] = [];
  const orderIds: number[] = [];
  for (let k = 0; k < PHARMACIES; k++) {
    const pharmacy = await c.post('/api/pharmacies', {
      name: `Run ${run} Pharmacy ${k}`,
      email: `run${run}-${k}@example.com`,
    });
    expect(pharmacy.status, pharmacy.text).toBe(201);
    pharmacyIds.push(pharmacy.body.id);
    const order = await c.post('/api/orders', {
      pharmacyId: pharmacy.body.id,
      orderDate: '2026-03-01',
      lineItems: [{ description: '20 mm gray stopper', qty: 100 + k, unitPrice: '0.29' }],
    });
    expect(order.status, order.text).toBe(201);
    orderIds.push(order.body.id);
  }

  // What the sequences know of the records: ids in creation order, and each one's pharmacy and
  // invoice as last answered (a sequence may act on something another has since changed).
  const invoiceIds: number[] = [];
  const invoicePharmacy = new Map<number, number>();
  const paymentIds: number[] = [];
  const paymentOf = new Map<number, { invoiceId: number; pharmacyId: number }>();
  const outcomes: Outcome[] = [];

  const invoiceBody = (fields: InvoiceFields, extra: Record<string, unknown> = {}) => ({
    pharmacyId: pharmacyIds[fields.pharmacy],
    invoiceDate: '2026-03-14',
    dueDate: '2026-04-13',
    terms: 'Net 30',
    taxRate: fields.taxRate,
    shipping: fromCents(fields.shipping),
    amount: fromCents(fields.amount),
    ...extra,
  });
  const nth = (ids: number[], index: number) => (ids.length ? ids[index % ids.length] : undefined);
  const remember = (invoice: { id: number; pharmacyId: number }) => {
    if (!invoicePharmacy.has(invoice.id)) invoiceIds.push(invoice.id);
    invoicePharmacy.set(invoice.id, invoice.pharmacyId);
  };

  for (const fields of invoices) {
    const res = await c.post('/api/invoices', invoiceBody(fields, { status: 'Unpaid' }));
    expect(res.status, res.text).toBe(201);
    remember(res.body);
  }

  async function perform(client: Client, cmd: Command, sequence: number) {
    const label = `${sequence}:${JSON.stringify(cmd)}`;
    const record = (res: { status: number; body?: { message?: string } }) => {
      outcomes.push({ command: label, status: res.status, message: res.body?.message });
      seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
      return res.status < 300;
    };
    switch (cmd.kind) {
      case 'createInvoice': {
        const fromOrder = cmd.fromOrder ? orderIds[cmd.fields.pharmacy] : null;
        const res = await client.post(
          '/api/invoices',
          invoiceBody(cmd.fields, {
            status: cmd.status,
            fromOrderId: fromOrder,
            ...(fromOrder ? { amount: null } : {}),
          }),
        );
        if (record(res)) remember(res.body);
        return;
      }
      case 'editInvoice': {
        const id = nth(invoiceIds, cmd.invoice);
        if (id === undefined) return;
        const pharmacy = cmd.move
          ? cmd.fields.pharmacy
          : pharmacyIds.indexOf(invoicePharmacy.get(id)!);
        const res = await client.put(
          `/api/invoices/${id}`,
          invoiceBody({ ...cmd.fields, pharmacy }, { status: cmd.status }),
        );
        if (record(res)) remember(res.body);
        return;
      }
      case 'setStatus': {
        const id = nth(invoiceIds, cmd.invoice);
        if (id === undefined) return;
        record(await client.put(`/api/invoices/${id}`, { status: cmd.status }));
        return;
      }
      case 'deleteInvoice': {
        const id = nth(invoiceIds, cmd.invoice);
        if (id === undefined) return;
        record(await client.delete(`/api/invoices/${id}`));
        return;
      }
      case 'pay': {
        const invoiceId = nth(invoiceIds, cmd.invoice);
        if (invoiceId === undefined) return;
        let amount: string;
        if (cmd.amount === 'rest') {
          const invoice = await client.get(`/api/invoices/${invoiceId}`);
          if (!record(invoice)) return;
          // Nothing left to pay: a cent more, which must be refused.
          amount = toCents(invoice.body.balance) === 0 ? '0.01' : invoice.body.balance;
        } else {
          amount = fromCents(cmd.amount);
        }
        const res = await client.post(
          '/api/payments',
          {
            invoiceId,
            pharmacyId: invoicePharmacy.get(invoiceId),
            date: '2026-03-20',
            amount,
            method: 'ACH',
          },
          cmd.key === undefined ? {} : { 'idempotency-key': `run-${run}-key-${cmd.key}` },
        );
        if (record(res) && !paymentOf.has(res.body.id)) {
          paymentIds.push(res.body.id);
          paymentOf.set(res.body.id, res.body);
        }
        return;
      }
      case 'editPayment': {
        const id = nth(paymentIds, cmd.payment);
        if (id === undefined) return;
        let amount: string;
        if (cmd.amount === 'rest') {
          const payment = await client.get(`/api/payments/${id}`);
          if (!record(payment)) return;
          // All that may be paid: what this payment pays plus what is still owed.
          amount = fromCents(toCents(payment.body.amount) + toCents(payment.body.invoice.balance));
        } else {
          amount = fromCents(cmd.amount);
        }
        const { invoiceId, pharmacyId } = paymentOf.get(id)!;
        record(
          await client.put(`/api/payments/${id}`, {
            invoiceId,
            pharmacyId,
            date: '2026-03-21',
            amount,
            method: 'Check',
            reference: `edit ${sequence}`,
          }),
        );
        return;
      }
      case 'deletePayment': {
        const id = nth(paymentIds, cmd.payment);
        if (id === undefined) return;
        record(await client.delete(`/api/payments/${id}`));
        return;
      }
    }
  }

  await Promise.all(
    sequences.map(async (sequence, i) => {
      for (const cmd of sequence) await perform(clients[i % clients.length]!, cmd, i);
    }),
  );

  const unintended = outcomes.filter(
    (o) =>
      o.status >= 300 &&
      !(INTENDED_REFUSALS[o.status] ?? []).some((pattern) => pattern.test(o.message ?? '')),
  );
  const violations = await moneyViolations(t.db, pharmacyIds);
  if (unintended.length || violations.length) {
    throw new Error(
      [
        `run ${run}:`,
        ...unintended.map((o) => `  answered ${o.status} ${o.message ?? ''} to ${o.command}`),
        ...violations.map((v) => `  ${v}`),
      ].join('\n'),
    );
  }
}

it(
  raceTest(
    'interleaved invoice and payment creates, edits and deletes keep every balance and status right',
  ),
  async () => {
    await fc.assert(fc.asyncProperty(scenario, runScenario), {
      numRuns: usingPostgres ? 60 : 10,
      // A race that failed once may not fail again: shrinking stops in time to report the run.
      interruptAfterTimeLimit: 60_000,
    });

    // The runs as a whole reached every status and both kinds of answer, so the property was
    // asked of invoices that payments had actually moved.
    const { rows } = await sql<{ status: string }>`
      select distinct status from invoices order by status`.execute(t.db);
    expect(rows.map((r) => r.status)).toEqual(['Draft', 'Paid', 'Partially Paid', 'Unpaid']);
    expect(seen.get(201)).toBeGreaterThan(0);
    expect(seen.get(409)).toBeGreaterThan(0);
  },
  120_000,
);

it('the invariant check finds each kind of broken record', async () => {
  const c = clients[0]!;
  const pharmacy = await c.post('/api/pharmacies', {
    name: 'Broken Books',
    email: 'b@example.com',
  });
  const invoice = await c.post('/api/invoices', {
    pharmacyId: pharmacy.body.id,
    invoiceDate: '2026-03-14',
    dueDate: '2026-04-13',
    amount: '100.00',
    status: 'Unpaid',
  });
  expect(invoice.status, invoice.text).toBe(201);
  const payment = await c.post('/api/payments', {
    invoiceId: invoice.body.id,
    pharmacyId: pharmacy.body.id,
    date: '2026-03-20',
    amount: '10.00',
    method: 'ACH',
  });
  expect(payment.status, payment.text).toBe(201);
  expect(await moneyViolations(t.db, [pharmacy.body.id])).toEqual([]);

  // What a lost update would leave: the payment's amount and its allocation changed behind the
  // invoice's back, and the pharmacy's balance off by a cent. The tax is off too, with the total
  // kept consistent.
  await sql`update payments set amount = 20.00 where id = ${payment.body.id}`.execute(t.db);
  await sql`update allocations set amount = 20.00 where payment_id = ${payment.body.id}`.execute(
    t.db,
  );
  await sql`update pharmacies set balance = balance + 0.01 where id = ${pharmacy.body.id}`.execute(
    t.db,
  );
  await sql`update invoices set tax_amount = tax_amount + 1, total = total + 1,
    balance = balance + 1 where id = ${invoice.body.id}`.execute(t.db);
  const found = await moneyViolations(t.db, [pharmacy.body.id]);
  const number = invoice.body.invoiceNumber;
  expect(found).toEqual(
    expect.arrayContaining([
      `${number}: balance 99.75 is not total 109.75 less paid 20.00`,
      `${number}: tax 9.75 is not 100.00 × 0.0875`,
      `pharmacy ${pharmacy.body.id}: balance 98.76 is not 99.75, the sum of its non-Draft invoices' balances`,
    ]),
  );
  expect(found).toHaveLength(3);
  // Every other pharmacy's books are untouched by this one.
  expect((await moneyViolations(t.db)).sort()).toEqual([...found].sort());

  await sql`update payments set amount = 109.75 where id = ${payment.body.id}`.execute(t.db);
  await sql`update allocations set amount = 109.75 where payment_id = ${payment.body.id}`.execute(
    t.db,
  );
  expect(await moneyViolations(t.db, [pharmacy.body.id])).toEqual(
    expect.arrayContaining([`${number}: status Partially Paid with 109.75 paid of 109.75`]),
  );
});
