/**
 * Orders: PDF documents per second (10-line and 100-line orders), the PDF kit side by side with
 * the renderer it replaced, and the orders list procedure at 100,000 orders (first page, a deep
 * cursor page, status filter, text filters).
 *
 *     pnpm --filter @pharm/bench exec tsx orders.ts
 *     DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @pharm/bench exec tsx orders.ts
 *     ORDERS=0 pnpm --filter @pharm/bench exec tsx orders.ts      # the PDF figures only
 */
import { Worker } from 'node:worker_threads';
import { createCaller, createInnerContext, renderOrderPdf } from '@pharm/api';
import { sql } from 'kysely';
import type { PdfWorkerInput } from './lib/pdf-worker.js';
import { openScratchDb } from './lib/scratch-db.js';
import { renderOrderPdf as renderBeforeKit } from './lib/order-pdf-before.js';

const ORDERS = Number(process.env.ORDERS ?? 100_000);
const LINES_PER_ORDER = 3;

const { handle, label, dispose } = await openScratchDb();
const { db } = handle;
try {
  const user = await db
    .insertInto('users')
    .values({
      email: 'bench@example.com',
      passwordHash: 'x',
      firstName: 'Bench',
      lastName: 'User',
      role: 'admin',
    })
    .returning(['id', 'email', 'firstName', 'lastName', 'role', 'createdAt'])
    .executeTakeFirstOrThrow();
  const caller = createCaller(createInnerContext({ db, user }));
  const pharmacyIds: number[] = [];
  for (let i = 0; i < 25; i++) {
    const p = await caller.pharmacies.create({
      name: `Bench Pharmacy ${String(i).padStart(2, '0')} ${i % 2 ? 'Compounding' : 'Apothecary'}`,
      contactName: 'Pat Lee',
      email: `p${i}@example.com`,
      phone: '(555) 555-0100',
      shippingAddress: `${100 + i} Main St, Springfield, IL 62701`,
    });
    pharmacyIds.push(p.id);
  }

  /** Documents per second of one renderer in a fresh thread (its own pdfkit). */
  function rateInThread(input: PdfWorkerInput): Promise<number> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./lib/pdf-worker.ts', import.meta.url), {
        workerData: input,
      });
      worker.once('message', (rate: number) => {
        resolve(rate);
        void worker.terminate();
      });
      worker.once('error', reject);
    });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

  const ROUNDS = 3;
  console.log(
    `PDF documents per second (pdfkit, compressed, one thread), the renderer before the PDF kit and the kit in turns, ${ROUNDS} rounds of 2 s:`,
  );
  for (const lines of [10, 100]) {
    const created = await caller.orders.create({
      pharmacyId: pharmacyIds[0]!,
      orderDate: '2026-03-14',
      shipMethod: 'Express Shipping',
      notes: 'Deliver to the rear dock. Certificates of analysis for every lot.',
      lineItems: Array.from({ length: lines }, (_, i) => ({
        productSku: 'VL-TI',
        variantSku: `VL-${(i % 20) + 1}R-CLR`,
        description: `VL-TI - ${(i % 20) + 1}R Clear, Type I borosilicate tubular serum vial`,
        qty: (i % 9) + 1,
        unitPrice: '42.00',
      })),
    });
    const order = await caller.orders.get({ id: created.id });
    const rates = { before: [] as number[], kit: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const renderer of ['before', 'kit'] as const) {
        rates[renderer].push(await rateInThread({ renderer, order, seconds: 2 }));
      }
    }
    const kb = async (pdf: Promise<Buffer>) => `${((await pdf).length / 1024).toFixed(1)} KB`;
    const list = (values: number[]) => values.map((v) => v.toFixed(0).padStart(4)).join(' ·');
    console.log(
      `  ${`${lines}-line order`.padEnd(15)} before ${list(rates.before)}   kit ${list(rates.kit)}` +
        `   ×${(median(rates.kit) / median(rates.before)).toFixed(1)} (medians)` +
        `   ${await kb(renderBeforeKit(order))} → ${await kb(renderOrderPdf(order))}`,
    );

    const started = performance.now();
    let docs = 0;
    while (performance.now() - started < 3_000) {
      await renderOrderPdf(await caller.orders.get({ id: created.id }));
      docs++;
    }
    const perSecond = docs / ((performance.now() - started) / 1000);
    console.log(
      `  ${`${lines}-line order, load via orders.get + render with the kit`.padEnd(60)} ${perSecond.toFixed(0).padStart(5)} documents/s`,
    );
  }

  if (ORDERS > 0) {
    console.log(
      `${label}: inserting ${ORDERS.toLocaleString('en-US')} orders with ${LINES_PER_ORDER} lines each...`,
    );
    const started = performance.now();
    await sql`
    insert into orders (order_number, pharmacy_id, order_date, ship_method, status, subtotal, total)
    select 'ORD-2000-' || lpad(g::text, 6, '0'),
           ${pharmacyIds[0]!}::int + (g % 25),
           date '2024-01-01' + (g % 700),
           'Ground Shipping',
           (array['Draft', 'Sent', 'Fulfilled', 'Cancelled'])[1 + (g % 4)],
           30.00, 30.00
    from generate_series(1, ${ORDERS}::int) g`.execute(db);
    await sql`
    insert into order_line_items (order_id, position, product_sku, variant_sku, description, qty, unit_price, line_total)
    select o.id, p, 'VL-TI', 'VL-10R-CLR', 'VL-TI - 10R Clear', 1, 10.00, 10.00
    from orders o cross join generate_series(0, ${LINES_PER_ORDER - 1}::int) p`.execute(db);
    await sql`analyze`.execute(db);
    console.log(`  setup ${((performance.now() - started) / 1000).toFixed(1)} s`);

    /** Median and p95 of `runs` timed calls after two warm-ups, in ms. */
    async function time(name: string, fn: () => Promise<unknown>, runs = 30) {
      await fn();
      await fn();
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        await fn();
        samples.push(performance.now() - start);
      }
      samples.sort((a, b) => a - b);
      const median = samples[Math.floor(runs / 2)]!;
      const p95 = samples[Math.floor(runs * 0.95)]!;
      console.log(
        `  ${name.padEnd(50)} median ${median.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms`,
      );
    }

    const { min } = await db
      .selectFrom('orders')
      .select(({ fn }) => fn.min('id').as('min'))
      .executeTakeFirstOrThrow();
    console.log(
      `orders.list (50 rows a page, line items embedded) at ${ORDERS.toLocaleString('en-US')} orders:`,
    );
    await time('first page', () => caller.orders.list({}));
    await time('deep cursor page (near the oldest order)', () =>
      caller.orders.list({ cursor: Number(min) + 1_000 }),
    );
    await time("status filter 'Sent', first page", () => caller.orders.list({ status: 'Sent' }));
    await time("status filter 'Sent', deep cursor page", () =>
      caller.orders.list({ status: 'Sent', cursor: Number(min) + 1_000 }),
    );
    await time("text filter on pharmacy name ('pharmacy 07')", () =>
      caller.orders.list({ q: 'pharmacy 07' }),
    );
    await time("text filter, one order number ('ORD-2000-054321')", () =>
      caller.orders.list({ q: 'ORD-2000-054321' }),
    );
    await time("text filter, part of a number ('54321')", () => caller.orders.list({ q: '54321' }));
    await time("text filter matching every order ('ORD-2000')", () =>
      caller.orders.list({ q: 'ORD-2000' }),
    );
    await time("text filter matching nothing ('zzz')", () => caller.orders.list({ q: 'zzz' }));
  }
} finally {
  await dispose();
}
