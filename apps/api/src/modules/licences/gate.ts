/**
 * The licence gate (issue 29). Sending an order (Draft → Sent), fulfilling it, and issuing an
 * invoice (Draft → Unpaid, or created past Draft) need, valid on that day:
 * - a state pharmacy licence for the pharmacy's shipping state, or a 503B registration;
 * - for each line of a controlled product, a DEA registration covering its schedule.
 * An admin may override a missing or expired state licence with a reason (the activity log keeps
 * it); never a DEA refusal, and never for an order with a bulk substance (those go only to a
 * licensed 503A pharmacy or a 503B facility).
 *
 * Lock order: the caller locks the pharmacy row (rank 10, `lockPharmacyForGate`) before its
 * order or invoice, and every licence write locks the same row FOR NO KEY UPDATE first, so a
 * licence cannot change between the check and the commit of the step it allows.
 */
import type { Db, Licence } from '@pharm/db';
import {
  CONTROLLED_SCHEDULES,
  LICENCE_KIND_LABELS,
  LICENCE_OVERRIDE_FIELD,
  type ControlledSchedule,
} from '@pharm/validators';
import { can, type Role } from '@pharm/validators/roles';
import { sql } from 'kysely';
import { authorize } from '../../lib/authorize.js';
import { claimLockRank } from '../../lib/db/transaction.js';
import { DomainError, invalid } from '../../lib/domain-error.js';
import { pharmacyEntity } from '../pharmacies/entity.js';

/** Today as the database sees it ('YYYY-MM-DD'), the day the credit hold counts from too. */
export async function databaseToday(db: Db): Promise<string> {
  const { rows } = await sql<{ today: string }>`
    select to_char(current_date, 'YYYY-MM-DD') as today`.execute(db);
  return rows[0]!.today;
}

/** The pharmacy row, share-locked at its rank: licence writes wait for the step to commit. */
export async function lockPharmacyForGate(trx: Db, pharmacyId: number): Promise<void> {
  claimLockRank(trx, pharmacyEntity.lockRank!, pharmacyEntity.label);
  const row = await trx
    .selectFrom('pharmacies')
    .select('id')
    .where('id', '=', pharmacyId)
    .forShare()
    .executeTakeFirst();
  if (!row) throw invalid(`Pharmacy ${pharmacyId} does not exist`, ['pharmacyId']);
}

/** A line of the order or invoice being moved on, by the SKUs it was sold under. */
export interface GateLine {
  productSku: string | null;
  variantSku: string | null;
}

interface LineRule {
  sku: string;
  schedule: ControlledSchedule | null;
  bulk: boolean;
}

/** Each line's schedule and bulk flag: the variant's own when set, else its product's. */
async function lineRules(db: Db, lines: readonly GateLine[]): Promise<LineRule[]> {
  const variantSkus = lines.flatMap((l) => (l.variantSku ? [l.variantSku] : []));
  const productSkus = lines.flatMap((l) => (l.productSku ? [l.productSku] : []));
  const variants = variantSkus.length
    ? await db
        .selectFrom('productVariants as v')
        .innerJoin('products as p', 'p.sku', 'v.parentSku')
        .select([
          'v.variantSku as sku',
          sql<ControlledSchedule | null>`coalesce(v.controlled_schedule, p.controlled_schedule)`.as(
            'schedule',
          ),
          sql<boolean>`(v.bulk_substance or p.bulk_substance)`.as('bulk'),
        ])
        .where('v.variantSku', 'in', variantSkus)
        .execute()
    : [];
  const products = productSkus.length
    ? await db
        .selectFrom('products')
        .select(['sku', 'controlledSchedule as schedule', 'bulkSubstance as bulk'])
        .where('sku', 'in', productSkus)
        .execute()
    : [];
  const byVariant = new Map(variants.map((v) => [v.sku, v]));
  const byProduct = new Map(products.map((p) => [p.sku, p]));
  return lines.flatMap((line) => {
    const rule =
      (line.variantSku ? byVariant.get(line.variantSku) : undefined) ??
      (line.productSku ? byProduct.get(line.productSku) : undefined);
    return rule ? [rule] : [];
  });
}

const validOn = (licence: Licence, today: string) =>
  (licence.issuedOn === null || licence.issuedOn <= today) &&
  (licence.expiresOn === null || licence.expiresOn >= today);

/** Why none of `candidates` is valid today: expired (the latest expiry), not yet valid, or missing. */
function whyNot(candidates: readonly Licence[], today: string): string {
  const expired = candidates
    .filter((l) => l.expiresOn !== null && l.expiresOn < today)
    .sort((a, b) => (a.expiresOn! < b.expiresOn! ? 1 : -1))[0];
  if (expired) return `${expired.number} expired on ${expired.expiresOn}`;
  const early = candidates.find((l) => l.issuedOn !== null && l.issuedOn > today);
  if (early) return `${early.number} is not valid until ${early.issuedOn}`;
  return 'missing';
}

export interface GateStep {
  pharmacyId: number;
  lines: readonly GateLine[];
  /** What the refusal says is refused: 'send order ORD-2026-00012'. */
  action: string;
  /** The admin's reason to go ahead without a valid state licence, when given. */
  overrideReason?: string;
  /** The caller's role, whose `licences.override` decides an override; null: none is offered. */
  role: Role | null;
}

/** What the activity log keeps of an override. */
export interface LicenceOverride {
  refusal: string;
  overrideReason: string;
}

function licenceRequired(message: string, overridable: boolean): DomainError {
  return new DomainError(
    'LICENCE_REQUIRED',
    message,
    overridable ? [{ path: [LICENCE_OVERRIDE_FIELD], message }] : [],
  );
}

/**
 * Checks the step against the pharmacy's licences, in the caller's transaction after it locked
 * the pharmacy; returns the override to log, or null. Does nothing while the setting is off.
 */
export async function checkLicences(trx: Db, step: GateStep): Promise<LicenceOverride | null> {
  const settings = await trx
    .selectFrom('businessSettings')
    .select('requireLicences')
    .executeTakeFirstOrThrow();
  if (!settings.requireLicences) return null;
  const today = await databaseToday(trx);
  const pharmacy = await trx
    .selectFrom('pharmacies')
    .select(['name', 'shippingState'])
    .where('id', '=', step.pharmacyId)
    .executeTakeFirstOrThrow();
  const licences = await trx
    .selectFrom('licences')
    .selectAll()
    .where('pharmacyId', '=', step.pharmacyId)
    .execute();
  const rules = await lineRules(trx, step.lines);
  const who = `Cannot ${step.action}: ${pharmacy.name}`;

  // DEA first: no reason overrides it, so it is the refusal an override would not get past.
  const dea = licences.filter((l) => l.kind === 'dea');
  const schedules = CONTROLLED_SCHEDULES.filter((s) => rules.some((r) => r.schedule === s));
  for (const schedule of schedules) {
    const sku = rules.find((r) => r.schedule === schedule)!.sku;
    const valid = dea.filter((l) => validOn(l, today));
    if (valid.some((l) => l.schedules.includes(schedule))) continue;
    const why = valid.length
      ? `schedule ${schedule} not covered (${valid.map((l) => `${l.number} covers ${l.schedules.join(', ')}`).join('; ')})`
      : whyNot(dea, today);
    throw licenceRequired(
      `${who} needs a ${LICENCE_KIND_LABELS.dea} covering schedule ${schedule} (${sku}): ${why}`,
      false,
    );
  }

  const outsourcing = licences.filter((l) => l.kind === 'outsourcing_503b');
  if (outsourcing.some((l) => validOn(l, today))) return null;
  const state = pharmacy.shippingState;
  const stateLicences = licences.filter((l) => l.kind === 'state_pharmacy' && l.state === state);
  if (state && stateLicences.some((l) => validOn(l, today))) return null;

  const why = !state
    ? 'the pharmacy has no shipping state'
    : whyNot([...stateLicences, ...outsourcing], today);
  const bulk = rules.find((r) => r.bulk);
  const refusal =
    `${who} needs a ${LICENCE_KIND_LABELS.state_pharmacy}${state ? ` for ${state}` : ''} ` +
    `or a ${LICENCE_KIND_LABELS.outsourcing_503b}: ${why}` +
    (bulk ? ` (${bulk.sku} is a bulk substance: no override)` : '');
  if (bulk || step.role === null) throw licenceRequired(refusal, false);
  if (!step.overrideReason) {
    throw licenceRequired(refusal, can(step.role, 'licences.override'));
  }
  // A reason from a role that may not override is refused as such (403), not as the licence.
  authorize(step.role, 'licences.override');
  return { refusal, overrideReason: step.overrideReason };
}
