import type { Db } from '@pharm/db';
import {
  addDaysIso,
  LOT_CERTIFICATE_MAX_BYTES,
  LOT_STATUS_LABELS,
  type LotData,
  isIsoDate,
  type LotListQuery,
  type LotOption,
  type LotOptionsQuery,
  type LotOutput,
  type Page,
  type LotStatus,
  type LotUpdateData,
  type LotSettings,
  type LotUsage,
} from '@pharm/validators';
import { sql } from 'kysely';
import { logCreate, logUpdate, type Snapshot } from '../activity/record.js';
import { inTransaction, lockOrThrow } from '../../lib/db/transaction.js';
import { containsPattern } from '../../lib/db/sql.js';
import { invalid, notFound } from '../../lib/domain-error.js';
import { toPage } from '../../lib/db/paginate.js';
import { databaseToday } from '../licences/gate.js';
import { sniffDocumentType } from '../licences/service.js';
import { pharmacyEntity } from '../pharmacies/entity.js';
import { settingsEntity } from '../settings/entity.js';
import { lotEntity } from './entity.js';
import { minShelfLifeDays } from './gate.js';

/** Most lots the picker offers for one variant: it has a handful; the list pages past this. */
const LOT_OPTIONS_LIMIT = 200;

function lotsWithProduct(db: Db) {
  return db
    .selectFrom('lots as l')
    .leftJoin('productVariants as v', 'v.id', 'l.variantId')
    .innerJoin('products as p', (join) =>
      join.on((eb) =>
        eb.or([eb('p.id', '=', eb.ref('l.productId')), eb('p.sku', '=', eb.ref('v.parentSku'))]),
      ),
    )
    .select([
      'l.id',
      'l.variantId',
      'p.id as productId',
      'l.lotNumber',
      'l.expiryDate',
      'l.status',
      sql<boolean>`l.certificate is not null`.as('certificate'),
      'l.manufacturedOn',
      'l.supplier',
      'l.notes',
      'l.certificateName',
      'p.sku as productSku',
      'p.name as productName',
      'v.variantSku',
      'l.createdAt',
      'l.updatedAt',
    ]);
}

type LotRow = Awaited<ReturnType<ReturnType<typeof lotsWithProduct>['executeTakeFirstOrThrow']>>;

/**
 * `expired` and `insideShelfLife` (not expired, but expiring within the minimum shelf life) from
 * `today` as the request sees it, never a stored flag.
 */
function toOutput(row: LotRow, today: string, shelfLifeDays: number): LotOutput {
  const expired = row.expiryDate < today;
  return {
    ...row,
    expired,
    insideShelfLife: !expired && row.expiryDate < addDaysIso(today, shelfLifeDays),
  };
}

const CURSOR_MESSAGE = 'cursor must be one the lots list answered';

/** The keyset a lots page ends on: its last row's expiry date, lot number and id. */
type LotCursor = [expiryDate: string, lotNumber: string, id: number];

function encodeCursor(row: { expiryDate: string; lotNumber: string; id: number }): string {
  const key: LotCursor = [row.expiryDate, row.lotNumber, row.id];
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** Reads a cursor back; one the list did not answer is a 400 rather than a database error. */
function decodeCursor(cursor: string): LotCursor {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    throw invalid(CURSOR_MESSAGE, ['cursor']);
  }
  if (
    !Array.isArray(key) ||
    key.length !== 3 ||
    typeof key[0] !== 'string' ||
    !isIsoDate(key[0]) ||
    typeof key[1] !== 'string' ||
    key[1].length > 100 ||
    !Number.isInteger(key[2]) ||
    key[2] < 1 ||
    key[2] > 2_147_483_647
  ) {
    throw invalid(CURSOR_MESSAGE, ['cursor']);
  }
  return key as LotCursor;
}

/**
 * GET /api/lots: earliest expiry first, then lot number (FEFO, the picker's order), then id,
 * keyset-paginated on those three (lots_expiry_idx answers the first two, so a page costs the
 * same however deep it is).
 */
export async function listLots(db: Db, query: LotListQuery): Promise<Page<LotOutput, string>> {
  const today = await databaseToday(db);
  let q = lotsWithProduct(db);
  if (query.variantId) q = q.where('l.variantId', '=', query.variantId);
  if (query.productId) q = q.where('p.id', '=', query.productId);
  if (query.sku) {
    const sku = query.sku;
    q = q.where((eb) =>
      eb.or([
        eb('v.variantSku', '=', sku),
        eb.and([eb('l.productId', 'is not', null), eb('p.sku', '=', sku)]),
      ]),
    );
  }
  if (query.status) q = q.where('l.status', '=', query.status);
  if (query.expiringWithin !== undefined) {
    q = q.where('l.expiryDate', '<=', addDaysIso(today, query.expiringWithin));
  }
  if (query.q) {
    const pattern = containsPattern(query.q);
    q = q.where((eb) =>
      eb.or([
        eb('l.lotNumber', 'ilike', pattern),
        eb('p.sku', 'ilike', pattern),
        eb('v.variantSku', 'ilike', pattern),
      ]),
    );
  }
  if (query.cursor) {
    const [expiryDate, lotNumber, id] = decodeCursor(query.cursor);
    q = q.where(
      sql<boolean>`(l.expiry_date, l.lot_number, l.id) > (${expiryDate}, ${lotNumber}, ${id})`,
    );
  }
  const rows = await q
    .orderBy('l.expiryDate')
    .orderBy('l.lotNumber')
    .orderBy('l.id')
    .limit(query.limit + 1)
    .execute();
  const days = await minShelfLifeDays(db, query.pharmacyId ?? null);
  const page = toPage(rows, query.limit);
  const last = page.items.at(-1);
  return {
    items: page.items.map((row) => toOutput(row, today, days)),
    nextCursor: page.nextCursor !== null && last ? encodeCursor(last) : null,
  };
}

/**
 * A line's lot picker: the variant's (or product's) released lots not yet expired, earliest
 * expiry first, those inside the pharmacy's minimum shelf life marked; and the line's own lot
 * (`lotId`) when it is not among them, with why (its status, or expired), so the form names it.
 */
export async function lotOptions(db: Db, query: LotOptionsQuery): Promise<LotOption[]> {
  const today = await databaseToday(db);
  const days = await minShelfLifeDays(db, query.pharmacyId ?? null);
  const ofSku = db
    .selectFrom('lots as l')
    .leftJoin('productVariants as v', 'v.id', 'l.variantId')
    .leftJoin('products as p', 'p.id', 'l.productId')
    .select(['l.id', 'l.lotNumber', 'l.expiryDate', 'l.status'])
    .where((eb) => eb.or([eb('v.variantSku', '=', query.sku), eb('p.sku', '=', query.sku)]));
  const offered = await ofSku
    .where('l.status', '=', 'released')
    .where('l.expiryDate', '>=', today)
    .orderBy('l.expiryDate')
    .orderBy('l.lotNumber')
    .orderBy('l.id')
    .limit(LOT_OPTIONS_LIMIT)
    .execute();
  const options: LotOption[] = offered.map((lot) => ({
    id: lot.id,
    lotNumber: lot.lotNumber,
    expiryDate: lot.expiryDate,
    insideShelfLife: lot.expiryDate < addDaysIso(today, days),
    unavailable: null,
  }));
  const { lotId } = query;
  if (lotId && !offered.some((lot) => lot.id === lotId)) {
    // Any lot the line names, even another variant's: the server refuses that on save.
    const own = await db
      .selectFrom('lots')
      .select(['id', 'lotNumber', 'expiryDate', 'status'])
      .where('id', '=', lotId)
      .executeTakeFirst();
    if (own) {
      const expired = own.expiryDate < today;
      options.unshift({
        id: own.id,
        lotNumber: own.lotNumber,
        expiryDate: own.expiryDate,
        insideShelfLife: !expired && own.expiryDate < addDaysIso(today, days),
        unavailable:
          own.status !== 'released'
            ? LOT_STATUS_LABELS[own.status].toLowerCase()
            : expired
              ? 'expired'
              : 'not offered',
      });
    }
  }
  return options;
}

export async function getLot(db: Db, id: number): Promise<LotOutput> {
  const row = await lotsWithProduct(db).where('l.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Lot');
  return toOutput(row, await databaseToday(db), await minShelfLifeDays(db, null));
}

/** What the activity log keeps of a lot (not its certificate's bytes). */
function lotSnapshot(lot: LotOutput): Snapshot {
  return {
    lotNumber: lot.lotNumber,
    sku: lot.variantSku ?? lot.productSku,
    expiryDate: lot.expiryDate,
    manufacturedOn: lot.manufacturedOn,
    supplier: lot.supplier,
    status: lot.status,
    certificate: lot.certificateName ?? (lot.certificate ? 'certificate' : null),
    notes: lot.notes,
  };
}

/** The variant or product the lot is for must exist; a product with variants takes lots on them. */
async function checkOwner(db: Db, data: LotData): Promise<void> {
  if (data.variantId !== null) {
    const variant = await db
      .selectFrom('productVariants')
      .select('id')
      .where('id', '=', data.variantId)
      .executeTakeFirst();
    if (!variant) throw invalid(`Variant ${data.variantId} does not exist`, ['variantId']);
    return;
  }
  const product = await db
    .selectFrom('products as p')
    .select([
      'p.id',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('productVariants as v')
              .select('v.id')
              .whereRef('v.parentSku', '=', 'p.sku'),
          )
          .as('hasVariants'),
    ])
    .where('p.id', '=', data.productId!)
    .executeTakeFirst();
  if (!product) throw invalid(`Product ${data.productId} does not exist`, ['productId']);
  if (product.hasVariants) {
    throw invalid('This product has variants: add the lot to one of them', ['variantId']);
  }
}

export function createLot(db: Db, data: LotData, userId: string): Promise<LotOutput> {
  return inTransaction(db, async (trx) => {
    await checkOwner(trx, data);
    const { id } = await trx
      .insertInto('lots')
      .values({
        variantId: data.variantId,
        productId: data.productId,
        lotNumber: data.lotNumber,
        expiryDate: data.expiryDate,
        manufacturedOn: data.manufacturedOn,
        supplier: data.supplier,
        status: data.status,
        notes: data.notes,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await getLot(trx, id);
    await logCreate(trx, { entity: lotEntity, id, userId }, lotSnapshot(created));
    return created;
  });
}

/**
 * Sets a lot's status inside the caller's transaction, the reason kept in the history beside the
 * change; nothing is logged when the status is already that. The recall workflow calls this
 * for each lot it recalls.
 */
export async function setLotStatus(
  trx: Db,
  id: number,
  status: LotStatus,
  reason: string,
  userId: string,
): Promise<LotOutput> {
  await lockOrThrow(trx, lotEntity, id);
  const before = await getLot(trx, id);
  if (before.status === status) return before;
  await trx
    .updateTable('lots')
    .set({ status, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
  const after = await getLot(trx, id);
  await logUpdate(trx, { entity: lotEntity, id, userId }, lotSnapshot(before), lotSnapshot(after), {
    lotStatusChange: { reason },
  });
  return after;
}

/** PUT /api/lots/{id}: the fields given; a status change needs a reason, which the history keeps. */
export function updateLot(
  db: Db,
  id: number,
  data: LotUpdateData,
  userId: string,
): Promise<LotOutput> {
  return inTransaction(db, async (trx) => {
    await lockOrThrow(trx, lotEntity, id);
    const before = await getLot(trx, id);
    const changesStatus = data.status !== undefined && data.status !== before.status;
    if (changesStatus && !data.reason) {
      throw invalid('Give a reason for the status change', ['reason']);
    }
    const expiryDate = data.expiryDate ?? before.expiryDate;
    const manufacturedOn =
      data.manufacturedOn === undefined ? before.manufacturedOn : data.manufacturedOn;
    if (manufacturedOn && expiryDate < manufacturedOn) {
      throw invalid('Expiry date must not be before the manufacture date', ['expiryDate']);
    }
    await trx
      .updateTable('lots')
      .set({
        ...(data.lotNumber !== undefined ? { lotNumber: data.lotNumber } : {}),
        ...(data.expiryDate !== undefined ? { expiryDate: data.expiryDate } : {}),
        ...(data.manufacturedOn !== undefined ? { manufacturedOn: data.manufacturedOn } : {}),
        ...(data.supplier !== undefined ? { supplier: data.supplier } : {}),
        ...(data.notes !== undefined ? { notes: data.notes } : {}),
        ...(data.status !== undefined ? { status: data.status } : {}),
        updatedAt: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    const after = await getLot(trx, id);
    await logUpdate(
      trx,
      { entity: lotEntity, id, userId },
      lotSnapshot(before),
      lotSnapshot(after),
      changesStatus ? { lotStatusChange: { reason: data.reason } } : {},
    );
    return after;
  });
}

/** Keeps the certificate of analysis (replacing any): a PDF, read from its bytes, ≤ 5 MiB. */
export function attachCertificate(
  db: Db,
  id: number,
  input: { fileName: string | null; contentBase64: string },
  userId: string,
): Promise<LotOutput> {
  const bytes = Buffer.from(input.contentBase64, 'base64');
  if (bytes.length > LOT_CERTIFICATE_MAX_BYTES) {
    throw invalid('The certificate must be at most 5 MiB', ['contentBase64']);
  }
  if (sniffDocumentType(bytes) !== 'application/pdf') {
    throw invalid('The certificate must be a PDF file', ['contentBase64']);
  }
  return inTransaction(db, async (trx) => {
    await lockOrThrow(trx, lotEntity, id);
    const before = await getLot(trx, id);
    await trx
      .updateTable('lots')
      .set({ certificate: bytes, certificateName: input.fileName, updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
    const after = await getLot(trx, id);
    await logUpdate(
      trx,
      { entity: lotEntity, id, userId },
      lotSnapshot(before),
      lotSnapshot(after),
    );
    return after;
  });
}

/** The stored certificate: its bytes and a file name to save it under. */
export async function lotCertificate(
  db: Db,
  id: number,
): Promise<{ bytes: Buffer; filename: string }> {
  const row = await db
    .selectFrom('lots')
    .select(['lotNumber', 'certificate'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Lot');
  if (!row.certificate) throw notFound('Lot certificate');
  const safe = row.lotNumber.replace(/[^A-Za-z0-9._-]+/g, '-');
  return { bytes: Buffer.from(row.certificate), filename: `certificate-${safe}.pdf` };
}

/**
 * Where the lot went: the orders and invoices with a line of it (newest first), and the
 * pharmacies that were invoiced it with the quantity, read through the lines' lot indexes.
 */
export async function lotUsage(db: Db, id: number): Promise<LotUsage> {
  const lot = await db.selectFrom('lots').select('id').where('id', '=', id).executeTakeFirst();
  if (!lot) throw notFound('Lot');
  const orders = await db
    .selectFrom('orderLineItems as li')
    .innerJoin('orders as o', 'o.id', 'li.orderId')
    .innerJoin('pharmacies as p', 'p.id', 'o.pharmacyId')
    .select([
      'o.id as orderId',
      'o.orderNumber',
      'o.orderDate',
      'o.status',
      'p.id as pharmacyId',
      'p.name as pharmacyName',
      sql<number>`sum(li.qty)::int`.as('qty'),
    ])
    .where('li.lotId', '=', id)
    .groupBy(['o.id', 'p.id'])
    .orderBy('o.orderDate', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
  const invoices = await db
    .selectFrom('invoiceLineItems as li')
    .innerJoin('invoices as i', 'i.id', 'li.invoiceId')
    .innerJoin('pharmacies as p', 'p.id', 'i.pharmacyId')
    .select([
      'i.id as invoiceId',
      'i.invoiceNumber',
      'i.invoiceDate',
      'i.status',
      'p.id as pharmacyId',
      'p.name as pharmacyName',
      sql<number>`sum(li.qty)::int`.as('qty'),
    ])
    .where('li.lotId', '=', id)
    .groupBy(['i.id', 'p.id'])
    .orderBy('i.invoiceDate', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
  const pharmacies = new Map<number, LotUsage['pharmacies'][number]>();
  for (const invoice of invoices) {
    const entry = pharmacies.get(invoice.pharmacyId) ?? {
      pharmacyId: invoice.pharmacyId,
      pharmacyName: invoice.pharmacyName,
      qtyInvoiced: 0,
    };
    entry.qtyInvoiced += invoice.qty;
    pharmacies.set(invoice.pharmacyId, entry);
  }
  return {
    orders,
    invoices,
    pharmacies: [...pharmacies.values()].sort((a, b) =>
      a.pharmacyName.localeCompare(b.pharmacyName),
    ),
  };
}

export async function lotSettings(db: Db): Promise<LotSettings> {
  return { minShelfLifeDays: await minShelfLifeDays(db, null) };
}

/** The business's minimum shelf life; the settings' history keeps the change. */
export function updateLotSettings(db: Db, data: LotSettings, userId: string): Promise<LotSettings> {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('businessSettings')
      .select('minShelfLifeDays')
      .forUpdate()
      .executeTakeFirstOrThrow();
    const after = await trx
      .updateTable('businessSettings')
      .set({ minShelfLifeDays: data.minShelfLifeDays })
      .returning('minShelfLifeDays')
      .executeTakeFirstOrThrow();
    await logUpdate(trx, { entity: settingsEntity, id: 1, userId }, before, after);
    return after;
  });
}

export async function pharmacyShelfLife(db: Db, pharmacyId: number) {
  const row = await db
    .selectFrom('pharmacies as p')
    .leftJoin('pharmacyShelfLife as s', 's.pharmacyId', 'p.id')
    .select(['p.id', 's.minShelfLifeDays'])
    .where('p.id', '=', pharmacyId)
    .executeTakeFirst();
  if (!row) throw notFound('Pharmacy');
  return {
    pharmacyId,
    minShelfLifeDays: row.minShelfLifeDays,
    effectiveDays: await minShelfLifeDays(db, pharmacyId),
  };
}

/** A pharmacy's own minimum shelf life (null: the business's); its history keeps the change. */
export function setPharmacyShelfLife(
  db: Db,
  pharmacyId: number,
  minShelfLife: number | null,
  userId: string,
) {
  return inTransaction(db, async (trx) => {
    const pharmacy = await lockOrThrow(trx, pharmacyEntity, pharmacyId);
    const before = await pharmacyShelfLife(trx, pharmacyId);
    if (minShelfLife === null) {
      await trx.deleteFrom('pharmacyShelfLife').where('pharmacyId', '=', pharmacyId).execute();
    } else {
      await trx
        .insertInto('pharmacyShelfLife')
        .values({ pharmacyId, minShelfLifeDays: minShelfLife })
        .onConflict((oc) => oc.column('pharmacyId').doUpdateSet({ minShelfLifeDays: minShelfLife }))
        .execute();
    }
    await logUpdate(
      trx,
      { entity: pharmacyEntity, id: pharmacyId, userId },
      { name: pharmacy.name, minShelfLifeDays: before.minShelfLifeDays },
      { name: pharmacy.name, minShelfLifeDays: minShelfLife },
    );
    return pharmacyShelfLife(trx, pharmacyId);
  });
}
