import { addDaysIso, todayIso, type LicenceInput } from '@pharm/validators';
import type { SeedContext } from './context.js';

/**
 * Licences for the demo pharmacies (issue 29), dated from today so that every status shows: most
 * hold a valid state licence for their shipping state (some a DEA registration too), one a 503B
 * registration instead, one an expired licence, one a licence expiring in 20 days, one a resale
 * certificate without an expiry date, one nothing at all. Added after the orders and invoices,
 * which were made before the gate was on; the setting is turned on last.
 */
export async function seedLicences({ db, caller, log }: SeedContext): Promise<void> {
  const existing = await db
    .selectFrom('licences')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return log('licences: already present, skipped');
  const pharmacies = await db
    .selectFrom('pharmacies')
    .select(['id', 'shippingState'])
    .orderBy('id')
    .execute();
  const today = todayIso();
  let added = 0;
  const add = async (pharmacyId: number, licence: LicenceInput) => {
    await caller.licences.create({ id: pharmacyId, data: licence });
    added += 1;
  };
  for (const [index, pharmacy] of pharmacies.entries()) {
    const state = pharmacy.shippingState;
    const number = (prefix: string) => `${prefix}-${String(48_210 + index * 37).padStart(6, '0')}`;
    if (index === 5) continue;
    if (index === 3) {
      await add(pharmacy.id, {
        kind: 'outsourcing_503b',
        number: number('FEI'),
        issuedOn: addDaysIso(today, -400),
        expiresOn: addDaysIso(today, 330),
        verified: true,
      });
      continue;
    }
    const expiresOn =
      index === 7
        ? addDaysIso(today, -12)
        : index === 11
          ? addDaysIso(today, 20)
          : addDaysIso(today, 120 + index * 17);
    await add(pharmacy.id, {
      kind: 'state_pharmacy',
      number: number(`${state ?? 'ST'}PH`),
      state,
      issuedOn: addDaysIso(today, -730),
      expiresOn,
      verified: index % 4 !== 2,
    });
    if (index % 3 === 0) {
      await add(pharmacy.id, {
        kind: 'dea',
        number: `B${String.fromCharCode(65 + (index % 26))}${String(4_130_917 + index * 101).slice(0, 7)}`,
        schedules:
          index % 2 === 0 ? ['II', 'IIN', 'III', 'IIIN', 'IV', 'V'] : ['III', 'IIIN', 'IV', 'V'],
        issuedOn: addDaysIso(today, -300),
        expiresOn: addDaysIso(today, 400 + index),
        verified: true,
      });
    }
    if (index === 9) {
      await add(pharmacy.id, { kind: 'resale_certificate', number: number('RESALE'), state });
    }
  }
  const settings = await caller.settings.get();
  await caller.settings.update({ ...settings, requireLicences: true });
  log(`licences: ${added} created; licences now required`);
}
