/**
 * The lot gate (issue 30). Fulfilling an order and issuing an invoice are refused (409
 * `LOT_UNAVAILABLE`, naming the lot and why) when a line's lot, on that day, is recalled, on
 * hold, quarantined, expired, or expires within the minimum shelf life (the pharmacy's, else the
 * business's); and when a line of a bulk substance (issue 29's flag, the variant's or its
 * product's) has no lot with a certificate of analysis. Checked on the server inside the step's
 * transaction; "today" is the database's date at that moment, never one kept from start-up.
 *
 * Lock order: the caller holds its order (rank 30) or invoice (rank 40); the lots are
 * share-locked here (rank 45) so a status change (FOR UPDATE) waits for the step to commit.
 */
import type { Db } from '@pharm/db';
import { addDaysIso, LOT_STATUS_LABELS, type LotStatus } from '@pharm/validators';
import { sql } from 'kysely';
import { claimLockRank } from '../../lib/db/transaction.js';
import { DomainError, invalid } from '../../lib/domain-error.js';
import { databaseToday } from '../licences/gate.js';
import { lotEntity } from './entity.js';

/** A line of the order or invoice being moved on: its lot and the SKUs it was sold under. */
export interface LotGateLine {
  lotId: number | null;
  productSku: string | null;
  variantSku: string | null;
}

export interface LotStep {
  pharmacyId: number;
  lines: readonly LotGateLine[];
  /** What the refusal says is refused: 'fulfil order ORD-2026-00012'. */
  action: string;
}

interface GateLot {
  id: number;
  lotNumber: string;
  expiryDate: string;
  status: LotStatus;
  hasCertificate: boolean;
  sku: string;
}

/** The lot's SKU (its variant's, else its product's) beside the lot. */
function lotsWithSku(db: Db) {
  return db
    .selectFrom('lots as l')
    .leftJoin('productVariants as v', 'v.id', 'l.variantId')
    .leftJoin('products as p', 'p.id', 'l.productId')
    .select([
      'l.id',
      'l.lotNumber',
      'l.expiryDate',
      'l.status',
      'l.variantId',
      'l.productId',
      sql<boolean>`l.certificate is not null`.as('hasCertificate'),
      sql<string>`coalesce(v.variant_sku, p.sku)`.as('sku'),
    ]);
}

/** The minimum shelf life in days for the pharmacy: its own, else the business's. */
export async function minShelfLifeDays(db: Db, pharmacyId: number | null): Promise<number> {
  const settings = await db
    .selectFrom('businessSettings')
    .select('minShelfLifeDays')
    .executeTakeFirstOrThrow();
  if (pharmacyId === null) return settings.minShelfLifeDays;
  const own = await db
    .selectFrom('pharmacyShelfLife')
    .select('minShelfLifeDays')
    .where('pharmacyId', '=', pharmacyId)
    .executeTakeFirst();
  return own?.minShelfLifeDays ?? settings.minShelfLifeDays;
}

/** Why the lot cannot ship on `today`, or null when it can. */
export function lotUnavailability(
  lot: { status: LotStatus; expiryDate: string },
  today: string,
  shelfLifeDays: number,
): string | null {
  if (lot.status !== 'released') return `is ${LOT_STATUS_LABELS[lot.status].toLowerCase()}`;
  if (lot.expiryDate < today) return `expired on ${lot.expiryDate}`;
  if (lot.expiryDate < addDaysIso(today, shelfLifeDays)) {
    return `expires on ${lot.expiryDate}, within the ${shelfLifeDays}-day minimum shelf life`;
  }
  return null;
}

/** Whether the line's product or variant is a bulk substance (the variant's flag, or its product's). */
async function bulkSkus(db: Db, lines: readonly LotGateLine[]): Promise<Set<string>> {
  const variantSkus = lines.flatMap((l) => (l.variantSku ? [l.variantSku] : []));
  const productSkus = lines.flatMap((l) => (!l.variantSku && l.productSku ? [l.productSku] : []));
  const bulk = new Set<string>();
  if (variantSkus.length) {
    const rows = await db
      .selectFrom('productVariants as v')
      .innerJoin('products as p', 'p.sku', 'v.parentSku')
      .select('v.variantSku as sku')
      .where('v.variantSku', 'in', variantSkus)
      .where(sql<boolean>`(v.bulk_substance or p.bulk_substance)`)
      .execute();
    for (const row of rows) bulk.add(`v:${row.sku}`);
  }
  if (productSkus.length) {
    const rows = await db
      .selectFrom('products')
      .select('sku')
      .where('sku', 'in', productSkus)
      .where('bulkSubstance', '=', true)
      .execute();
    for (const row of rows) bulk.add(`p:${row.sku}`);
  }
  return bulk;
}

const unavailable = (message: string) => new DomainError('LOT_UNAVAILABLE', message);

/** Checks the step's lines' lots, in the caller's transaction; throws the first refusal. */
export async function checkLots(trx: Db, step: LotStep): Promise<void> {
  const lotIds = [...new Set(step.lines.flatMap((l) => (l.lotId === null ? [] : [l.lotId])))];
  const lots = new Map<number, GateLot>();
  if (lotIds.length) {
    claimLockRank(trx, lotEntity.lockRank!, lotEntity.label);
    // In id order, so two steps sharing lots queue rather than deadlock.
    await trx
      .selectFrom('lots')
      .select('id')
      .where('id', 'in', lotIds)
      .orderBy('id')
      .forShare()
      .execute();
    const rows = await lotsWithSku(trx).where('l.id', 'in', lotIds).execute();
    for (const row of rows) lots.set(row.id, row);
  }
  const today = await databaseToday(trx);
  const days = await minShelfLifeDays(trx, step.pharmacyId);
  for (const line of step.lines) {
    if (line.lotId === null) continue;
    const lot = lots.get(line.lotId);
    if (!lot) throw unavailable(`Cannot ${step.action}: lot ${line.lotId} no longer exists`);
    const why = lotUnavailability(lot, today, days);
    if (why) throw unavailable(`Cannot ${step.action}: lot ${lot.lotNumber} (${lot.sku}) ${why}`);
  }
  const bulk = await bulkSkus(trx, step.lines);
  for (const line of step.lines) {
    const key = line.variantSku ? `v:${line.variantSku}` : `p:${line.productSku ?? ''}`;
    if (!bulk.has(key)) continue;
    const lot = line.lotId === null ? undefined : lots.get(line.lotId);
    if (lot?.hasCertificate) continue;
    const sku = line.variantSku ?? line.productSku;
    throw unavailable(
      lot
        ? `Cannot ${step.action}: ${sku} is a bulk substance and lot ${lot.lotNumber} has no certificate of analysis`
        : `Cannot ${step.action}: ${sku} is a bulk substance and its line names no lot with a certificate of analysis`,
    );
  }
}

/**
 * A saved line's lot must exist and be a lot of the line's variant (or, for a line sold under
 * a product without a variant, of that product); 400 on the line's `lotId` otherwise.
 */
export async function checkLineLots(
  db: Db,
  lines: readonly LotGateLine[],
  field = 'lineItems',
): Promise<void> {
  const lotIds = [...new Set(lines.flatMap((l) => (l.lotId === null ? [] : [l.lotId])))];
  if (!lotIds.length) return;
  const rows = await lotsWithSku(db).where('l.id', 'in', lotIds).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  lines.forEach((line, index) => {
    if (line.lotId === null) return;
    const path = [field, index, 'lotId'];
    const lot = byId.get(line.lotId);
    if (!lot) throw invalid(`Lot ${line.lotId} does not exist`, path);
    const matches =
      lot.variantId !== null
        ? line.variantSku === lot.sku
        : line.variantSku === null && line.productSku === lot.sku;
    if (!matches) {
      throw invalid(
        `Lot ${lot.lotNumber} is a lot of ${lot.sku}, not of this line's ${line.variantSku ?? line.productSku ?? 'item'}`,
        path,
      );
    }
  });
}
