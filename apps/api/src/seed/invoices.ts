import {
  addDaysIso,
  dueDateForTerms,
  fromCents,
  PAYMENT_METHODS,
  todayIso,
  toCents,
} from '@pharm/validators';
import type { SeedContext } from './context.js';

/**
 * Lots the demo invoices shipped. Several invoices share each, across pharmacies, so the Recall
 * page and the search's Lots group have something to find ('VL-2611' as a prefix finds two lots).
 */
const LOTS = ['VL-2611-A', 'VL-2611-B', 'ST-2609-C', 'SY-2610-D', 'API-2608-E', 'CT-2612-F'];

const STANDALONE = [
  ['Rush shipping and handling, replacement stoppers', '186.40'],
  ['Certificate of analysis re-issue and sterility retest', '420.00'],
  ['Cold-chain packaging surcharge, Q3', '95.50'],
  ['Custom-labelled amber vials, 2 cases', '1318.00'],
  ['Validation samples for a new crimp seal', '240.00'],
  ['Peptide API, 5 g, with analysis', '2875.00'],
] as const;

/** How each invoice is paid: nothing, part of it, or all of it (in one or two payments). */
type Settlement = 'none' | 'partial' | 'full' | 'split';
const SETTLEMENTS: Settlement[] = ['full', 'partial', 'none', 'split', 'full', 'none', 'partial'];

/**
 * Invoices for the Sent and Fulfilled orders and a few standalone ones, then payments (partial
 * and full), all through the invoices and payments procedures so that every balance, status and
 * pharmacy balance is what real use gives. Older unpaid ones end up past due.
 */
export async function seedInvoices({ db, caller, log }: SeedContext): Promise<void> {
  const existing = await db
    .selectFrom('invoices')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return log('invoices: already present, skipped');
  const orders = await db
    .selectFrom('orders as o')
    .innerJoin('pharmacies as p', 'p.id', 'o.pharmacyId')
    .select(['o.id', 'o.pharmacyId', 'o.orderDate', 'p.terms'])
    .where('o.status', 'in', ['Sent', 'Fulfilled'])
    .orderBy('o.id')
    .execute();
  const pharmacies = await db.selectFrom('pharmacies').select('id').orderBy('id').execute();
  if (!pharmacies.length) return log('invoices: no pharmacies, skipped');

  const today = todayIso();
  const created: { id: number; pharmacyId: number; total: string; invoiceDate: string }[] = [];

  for (const [index, order] of orders.entries()) {
    const invoiceDate = addDaysIso(order.orderDate, 2);
    if (invoiceDate > today) continue;
    const invoice = await caller.invoices.create({
      pharmacyId: order.pharmacyId,
      fromOrderId: order.id,
      invoiceDate,
      dueDate: dueDateForTerms(invoiceDate, order.terms ?? 'Net 30'),
      terms: order.terms,
      lotNumber: LOTS[index % LOTS.length],
      traySize: index % 2 === 0 ? '10 x 10' : null,
      nestSize: index % 2 === 0 ? '100' : null,
      caseSize: index % 3 === 0 ? '1,000' : null,
      shipping: index % 4 === 0 ? '25.00' : '0.00',
      // The newest few stay Draft, as invoices not yet sent.
      status: index >= orders.length - 2 ? 'Draft' : 'Unpaid',
    });
    created.push(invoice);
  }
  for (const [index, [notes, amount]] of STANDALONE.entries()) {
    const invoiceDate = addDaysIso(today, -(12 + index * 17));
    const pharmacyId = pharmacies[(index * 7) % pharmacies.length]!.id;
    const invoice = await caller.invoices.create({
      pharmacyId,
      invoiceDate,
      dueDate: addDaysIso(invoiceDate, 30),
      terms: 'Net 30',
      notes,
      lotNumber: index % 2 === 0 ? LOTS[index % LOTS.length] : null,
      amount,
      status: 'Unpaid',
    });
    created.push(invoice);
  }

  let payments = 0;
  for (const [index, invoice] of created.entries()) {
    const settlement = SETTLEMENTS[index % SETTLEMENTS.length]!;
    const total = toCents(invoice.total);
    if (settlement === 'none' || total === 0) continue;
    const amounts =
      settlement === 'full'
        ? [total]
        : settlement === 'split'
          ? [Math.floor(total / 2), total - Math.floor(total / 2)]
          : [Math.max(1, Math.floor((total * 2) / 5))];
    for (const [n, cents] of amounts.entries()) {
      const date = addDaysIso(invoice.invoiceDate, 10 + n * 14);
      await caller.payments.create({
        invoiceId: invoice.id,
        pharmacyId: invoice.pharmacyId,
        date: date > today ? today : date,
        amount: fromCents(cents),
        method: PAYMENT_METHODS[(index + n) % PAYMENT_METHODS.length]!,
        reference: `REF-${String(index * 10 + n + 1).padStart(5, '0')}`,
      });
      payments++;
    }
  }
  log(`invoices: ${created.length} created, ${payments} payments`);
}
