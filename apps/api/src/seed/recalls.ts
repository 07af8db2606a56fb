import { sql } from 'kysely';
import type { SeedContext } from './context.js';

/**
 * One recall in progress (issue 30): the stopper lot that went to the most pharmacies, recalled
 * for a reason a stopper lot really is, with the first pharmacy's notice acknowledged, the second
 * notified, and the rest still to notify, so the page and the dashboard card have something to
 * show at each step.
 */
export async function seedRecalls({ db, caller, log }: SeedContext): Promise<void> {
  const existing = await db
    .selectFrom('recalls')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  if (existing.n > 0) return log('recalls: already present, skipped');
  const widest = await db
    .selectFrom('invoiceLineItems as li')
    .innerJoin('invoices as i', 'i.id', 'li.invoiceId')
    .innerJoin('lots as l', 'l.id', 'li.lotId')
    .select(['l.id', sql<number>`count(distinct i.pharmacy_id)::int`.as('pharmacies')])
    .where('l.lotNumber', 'like', 'ST%')
    .groupBy('l.id')
    .orderBy('pharmacies', 'desc')
    .orderBy('l.id')
    .executeTakeFirst();
  if (!widest) return log('recalls: no stopper lot was invoiced, none opened');
  const recall = await caller.recalls.create({
    lotIds: [widest.id],
    class: 'II',
    reason:
      'Coring reported: stopper fragments found in vials after piercing. Stop using and return the lot.',
  });
  const [first, second] = recall.pharmacies;
  if (first) {
    const id = recall.id;
    const pharmacyId = first.pharmacy.id;
    await caller.recalls.updateNotice({
      id,
      pharmacyId,
      data: {
        status: 'notified',
        channel: 'phone',
      },
    });
    await caller.recalls.updateNotice({
      id,
      pharmacyId,
      data: {
        status: 'acknowledged',
        contact: first.pharmacy.contactName ?? 'Pharmacist in charge',
        quantityReturned: first.lines.reduce((sum, line) => sum + line.qty, 0),
      },
    });
  }
  if (second) {
    await caller.recalls.updateNotice({
      id: recall.id,
      pharmacyId: second.pharmacy.id,
      data: {
        status: 'notified',
        channel: 'letter',
      },
    });
  }
  log(`recalls: ${recall.number} open, ${recall.pharmacies.length} pharmacies to notify`);
}
