import {
  addDaysIso,
  SHIPPING_METHODS,
  todayIso,
  type OrderLineItemInput,
  type OrderStatus,
} from '@pharm/validators';
import type { SeedContext } from './context.js';
import { firstShippableLots } from './lots.js';

/** Variants from the sample catalogue feed: parent SKU, variant SKU, size, colour, pack price. */
const CATALOGUE: [string, string, string, string | null, string][] = [
  ['VL-TI', 'VL-2R-CLR', '2R', 'Clear', '32.50'],
  ['VL-TI', 'VL-10R-CLR', '10R', 'Clear', '42.00'],
  ['VL-RTU', 'VL-RTU-6R-CLR', '6R', 'Clear', '108.00'],
  ['VL-MLD', 'VL-MLD-30ML-AMB', '30 mL', 'Amber', '51.00'],
  ['VL-LYO', 'VL-LYO-5ML-CLR', '5 mL', 'Clear', '52.00'],
  ['VL-EVAC', 'VL-EVAC-10ML-CLR', '10 mL', 'Clear', '58.00'],
  ['ST-13-SER', 'ST-13-SER-GRY', '13 mm', 'Grey', '58.00'],
  ['ST-20-SER', 'ST-20-SER-GRY', '20 mm', 'Grey', '74.00'],
  ['ST-20-LYO', 'ST-20-LYO-GRY', '20 mm', 'Grey', '96.00'],
  ['ST-20-FLC', 'ST-20-FLC-GRY-RTU', '20 mm', 'Grey', '215.00'],
  ['SL-13-FO', 'SL-13-FO-BLU', '13 mm', 'Blue', '39.00'],
  ['SL-20-FO', 'SL-20-FO-RED', '20 mm', 'Red', '45.00'],
  ['SL-20-FO-STR', 'SL-20-FO-STR-BLU', '20 mm', 'Blue', '78.00'],
  ['SL-20-TO', 'SL-20-TO-SLV', '20 mm', 'Silver', '34.00'],
  ['CP-LUER', 'CP-LUER-WHT', 'Standard', 'White', '18.00'],
  ['CP-TE-LUER', 'CP-TE-LUER-ORG', 'Standard', 'Orange', '32.00'],
  ['SY-LL', 'SY-LL-3ML', '3 mL', null, '18.00'],
  ['SY-LL', 'SY-LL-10ML', '10 mL', null, '24.00'],
  ['SY-ORAL', 'SY-ORAL-5ML-AMB', '5 mL', 'Amber', '21.00'],
  ['SY-INS', 'SY-INS-05ML', '0.5 mL, 30G x 5/16"', null, '29.00'],
  ['CT-3ML', 'CT-3ML-CLR', '3 mL', 'Clear', '120.00'],
  ['CT-PLG', 'CT-PLG-3ML-GRY', '3 mL', 'Grey', '88.00'],
];

const NOTES = [
  'Deliver to the receiving dock at the rear; open 8 am – 3 pm.',
  'Please include certificates of analysis for every lot.',
  'Split shipment is fine if stoppers are back-ordered.',
  'Call the pharmacist on arrival for cold-chain items.',
  null,
  null,
  null,
];

const ORDER_COUNT = 40;

/** A small deterministic generator, so every seed produces the same demo data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Where each order ends up; reached through the allowed transitions only. */
const PATHS: Record<OrderStatus, OrderStatus[]> = {
  Draft: [],
  Sent: ['Sent'],
  Fulfilled: ['Sent', 'Fulfilled'],
  Cancelled: ['Cancelled'],
};

function statusFor(index: number, ageDays: number): OrderStatus {
  if (index === 9 || index === 23) return 'Cancelled';
  if (ageDays > 90) return 'Fulfilled';
  if (ageDays > 50) return index % 2 === 0 ? 'Fulfilled' : 'Sent';
  if (ageDays > 20) return index % 3 === 0 ? 'Draft' : 'Sent';
  return index % 3 === 0 ? 'Sent' : 'Draft';
}

/** ~40 orders over the last four months across the demo pharmacies, in every status. */
export async function seedOrders({ db, caller, log }: SeedContext): Promise<void> {
  const existing = await db
    .selectFrom('orders')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return log('orders: already present, skipped');
  const pharmacies = await db.selectFrom('pharmacies').select('id').orderBy('id').execute();
  if (!pharmacies.length) return log('orders: no pharmacies, skipped');

  const next = random(20_260_301);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const today = todayIso();
  const lots = await firstShippableLots(db);
  const counts: Record<string, number> = {};
  // Oldest first, so order numbers rise with the order dates.
  for (let i = ORDER_COUNT - 1; i >= 0; i--) {
    const ageDays = Math.floor((i * 120) / ORDER_COUNT) + Math.floor(next() * 3);
    const lineCount = 1 + Math.floor(next() * 6);
    const variants = [...CATALOGUE].sort(() => next() - 0.5).slice(0, lineCount);
    const lineItems: OrderLineItemInput[] = variants.map(
      ([parentSku, variantSku, size, color, price]) => ({
        productSku: parentSku,
        variantSku,
        description: `${parentSku} - ${[size, color].filter(Boolean).join(' ')}`,
        qty: pick([1, 2, 2, 3, 4, 5, 6, 10, 12, 20]),
        unitPrice: price,
        lotId: lots.get(variantSku) ?? null,
      }),
    );
    const order = await caller.orders.create({
      pharmacyId: pick(pharmacies).id,
      orderDate: addDaysIso(today, -ageDays),
      shipMethod: pick([...SHIPPING_METHODS, null]),
      notes: pick(NOTES),
      lineItems,
    });
    const status = statusFor(i, ageDays);
    for (const step of PATHS[status])
      await caller.orders.update({ id: order.id, data: { status: step } });
    counts[status] = (counts[status] ?? 0) + 1;
  }
  const summary = Object.entries(counts)
    .map(([status, n]) => `${n} ${status}`)
    .join(', ');
  log(`orders: ${ORDER_COUNT} created (${summary})`);
}
