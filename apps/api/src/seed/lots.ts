import { addDaysIso, todayIso } from '@pharm/validators';
import type { Db } from '@pharm/db';
import type { SeedContext } from './context.js';

/** The vial and stopper variants that get lots (issue 30), and the code their lot numbers start with. */
const LOTTED = /^(VL|ST)-/;

/** The demo's certificate of analysis: the smallest valid PDF, enough to show upload and download. */
const CERTIFICATE = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
).toString('base64');

/**
 * Two lots for each vial and stopper variant, a year and two years out, each with a certificate;
 * a short-dated one on the 10R vials (inside the minimum shelf life, so the picker marks it) and
 * one on hold on the 2R vials, so the refusals have something to show.
 */
export async function seedLots({ db, caller, log }: SeedContext): Promise<void> {
  const existing = await db
    .selectFrom('lots')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return log('lots: already present, skipped');
  const variants = await db
    .selectFrom('productVariants')
    .select(['id', 'variantSku'])
    .orderBy('variantSku')
    .execute();
  const today = todayIso();
  let count = 0;
  for (const [index, variant] of variants.filter((v) => LOTTED.test(v.variantSku)).entries()) {
    const code = variant.variantSku.split('-').slice(0, 2).join('');
    for (const [n, days] of [400, 760].entries()) {
      const lot = await caller.lots.create({
        variantId: variant.id,
        lotNumber: `${code}-${2610 + index}-${'AB'[n]}`,
        expiryDate: addDaysIso(today, days + index * 7),
        manufacturedOn: addDaysIso(today, -60 - index * 3),
        supplier: variant.variantSku.startsWith('VL') ? 'Schott Pharma' : 'West Pharmaceutical',
      });
      await caller.lots.uploadCertificate({
        id: lot.id,
        data: { fileName: `coa-${lot.lotNumber}.pdf`, contentBase64: CERTIFICATE },
      });
      count++;
    }
    if (variant.variantSku === 'VL-10R-CLR') {
      await caller.lots.create({
        variantId: variant.id,
        lotNumber: `${code}-SHORT`,
        expiryDate: addDaysIso(today, 90),
        supplier: 'Schott Pharma',
        notes: 'Short-dated: for pharmacies that accept under six months',
      });
      count++;
    }
    if (variant.variantSku === 'VL-2R-CLR') {
      const held = await caller.lots.create({
        variantId: variant.id,
        lotNumber: `${code}-HOLD`,
        expiryDate: addDaysIso(today, 500),
        supplier: 'Schott Pharma',
      });
      await caller.lots.update({
        id: held.id,
        data: { status: 'on_hold', reason: 'Particulate complaint under investigation' },
      });
      count++;
    }
  }
  log(`lots: ${count} created (one on hold)`);
}

/** Each lotted variant's first lot in FEFO order that may ship today: what a picker offers first. */
export async function firstShippableLots(db: Db): Promise<Map<string, number>> {
  const minimum = addDaysIso(todayIso(), 180);
  const rows = await db
    .selectFrom('lots as l')
    .innerJoin('productVariants as v', 'v.id', 'l.variantId')
    .select(['v.variantSku', 'l.id'])
    .where('l.status', '=', 'released')
    .where('l.expiryDate', '>=', minimum)
    .orderBy('v.variantSku')
    .orderBy('l.expiryDate')
    .orderBy('l.lotNumber')
    .execute();
  const first = new Map<string, number>();
  for (const row of rows) if (!first.has(row.variantSku)) first.set(row.variantSku, row.id);
  return first;
}
