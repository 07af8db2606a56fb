import type { Db, Licence } from '@pharm/db';
import {
  LICENCE_DOCUMENT_MAX_BYTES,
  LICENCE_KIND_LABELS,
  LICENCE_PROBLEM_LABELS,
  addDaysIso,
  licenceStatus,
  type LicenceData,
  type LicenceIssues,
  type LicenceOutput,
  type LicenceProblemKind,
} from '@pharm/validators';
import { sql } from 'kysely';
import { logCreate, logDelete, logUpdate, type Snapshot } from '../activity/record.js';
import { inTransaction, lockOrThrow } from '../../lib/db/transaction.js';
import { invalid, notFound } from '../../lib/domain-error.js';
import { lockPharmacies } from '../invoices/balances.js';
import { databaseToday } from './gate.js';
import { licenceEntity } from './entity.js';

type LicenceRow = Omit<Licence, 'document'> & {
  hasDocument: boolean;
  verifiedByName: string | null;
};

function licencesWithUser(db: Db) {
  return db
    .selectFrom('licences as l')
    .leftJoin('users as u', 'u.id', 'l.verifiedBy')
    .select([
      'l.id',
      'l.pharmacyId',
      'l.kind',
      'l.number',
      'l.state',
      'l.schedules',
      'l.issuedOn',
      'l.expiresOn',
      'l.documentType',
      'l.documentName',
      'l.verifiedBy',
      'l.verifiedAt',
      'l.notes',
      'l.createdAt',
      'l.updatedAt',
      sql<boolean>`l.document is not null`.as('hasDocument'),
      sql<
        string | null
      >`coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email)`.as(
        'verifiedByName',
      ),
    ]);
}

async function warningDays(db: Db): Promise<number> {
  const row = await db
    .selectFrom('businessSettings')
    .select('licenceWarningDays')
    .executeTakeFirstOrThrow();
  return row.licenceWarningDays;
}

function toOutput(row: LicenceRow, today: string, days: number): LicenceOutput {
  return {
    id: row.id,
    pharmacyId: row.pharmacyId,
    kind: row.kind,
    number: row.number,
    state: row.state,
    schedules: row.schedules,
    issuedOn: row.issuedOn,
    expiresOn: row.expiresOn,
    verifiedAt: row.verifiedAt,
    verifiedBy: row.verifiedBy ? row.verifiedByName : null,
    hasDocument: row.hasDocument,
    documentType: row.documentType as LicenceOutput['documentType'],
    documentName: row.documentName,
    notes: row.notes,
    status: licenceStatus(row.expiresOn, today, days),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A pharmacy's licences, by kind and then the latest expiry first. */
export async function pharmacyLicences(db: Db, pharmacyId: number): Promise<LicenceOutput[]> {
  const pharmacy = await db
    .selectFrom('pharmacies')
    .select('id')
    .where('id', '=', pharmacyId)
    .executeTakeFirst();
  if (!pharmacy) throw notFound('Pharmacy');
  const rows = await licencesWithUser(db)
    .where('l.pharmacyId', '=', pharmacyId)
    .orderBy('l.kind')
    .orderBy(sql`l.expires_on desc nulls first`)
    .orderBy('l.id')
    .execute();
  const today = await databaseToday(db);
  const days = await warningDays(db);
  return rows.map((row) => toOutput(row, today, days));
}

/** The licences of several pharmacies at once (a CSV export's page), in `pharmacyLicences`' order. */
export async function licencesOfPharmacies(
  db: Db,
  pharmacyIds: readonly number[],
): Promise<LicenceOutput[]> {
  if (pharmacyIds.length === 0) return [];
  const rows = await licencesWithUser(db)
    .where('l.pharmacyId', 'in', pharmacyIds)
    .orderBy('l.pharmacyId')
    .orderBy('l.kind')
    .orderBy(sql`l.expires_on desc nulls first`)
    .orderBy('l.id')
    .execute();
  const today = await databaseToday(db);
  const days = await warningDays(db);
  return rows.map((row) => toOutput(row, today, days));
}

export async function getLicence(db: Db, id: number): Promise<LicenceOutput> {
  const row = await licencesWithUser(db).where('l.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Licence');
  return toOutput(row, await databaseToday(db), await warningDays(db));
}

/** What the activity log keeps of a licence (not its document's bytes). */
function licenceSnapshot(licence: LicenceOutput): Snapshot {
  return {
    kind: licence.kind,
    number: licence.number,
    state: licence.state,
    schedules: licence.schedules,
    issuedOn: licence.issuedOn,
    expiresOn: licence.expiresOn,
    verifiedBy: licence.verifiedBy,
    document: licence.documentName ?? (licence.hasDocument ? 'document' : null),
    notes: licence.notes,
  };
}

function licenceColumns(data: LicenceData) {
  return {
    kind: data.kind,
    number: data.number,
    state: data.state,
    schedules: data.schedules,
    issuedOn: data.issuedOn,
    expiresOn: data.expiresOn,
    notes: data.notes,
  };
}

export function createLicence(
  db: Db,
  pharmacyId: number,
  data: LicenceData,
  userId: string,
): Promise<LicenceOutput> {
  return inTransaction(db, async (trx) => {
    await lockPharmacies(trx, [pharmacyId]);
    const { id } = await trx
      .insertInto('licences')
      .values({
        pharmacyId,
        ...licenceColumns(data),
        ...(data.verified ? { verifiedBy: userId, verifiedAt: sql`now()` } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await getLicence(trx, id);
    await logCreate(trx, { entity: licenceEntity, id, userId }, licenceSnapshot(created));
    return created;
  });
}

/** Its pharmacy first (the gate's lock order), then the licence; the pharmacy is read unlocked first. */
async function lockLicence(trx: Db, id: number): Promise<Licence> {
  const found = await trx
    .selectFrom('licences')
    .select('pharmacyId')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) throw notFound('Licence');
  await lockPharmacies(trx, [found.pharmacyId]);
  return lockOrThrow(trx, licenceEntity, id);
}

export function updateLicence(
  db: Db,
  id: number,
  data: LicenceData,
  userId: string,
): Promise<LicenceOutput> {
  return inTransaction(db, async (trx) => {
    const current = await lockLicence(trx, id);
    const before = await getLicence(trx, id);
    const verified = data.verified
      ? current.verifiedAt
        ? {}
        : { verifiedBy: userId, verifiedAt: sql<string>`now()` }
      : { verifiedBy: null, verifiedAt: null };
    await trx
      .updateTable('licences')
      .set({ ...licenceColumns(data), ...verified, updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
    const after = await getLicence(trx, id);
    await logUpdate(
      trx,
      { entity: licenceEntity, id, userId },
      licenceSnapshot(before),
      licenceSnapshot(after),
    );
    return after;
  });
}

export function deleteLicence(db: Db, id: number, userId: string): Promise<{ id: number }> {
  return inTransaction(db, async (trx) => {
    await lockLicence(trx, id);
    const before = await getLicence(trx, id);
    await trx.deleteFrom('licences').where('id', '=', id).execute();
    await logDelete(trx, { entity: licenceEntity, id, userId }, licenceSnapshot(before));
    return { id };
  });
}

/** The type a document's first bytes say it is; null for anything but PDF, PNG and JPEG. */
export function sniffDocumentType(bytes: Uint8Array): LicenceOutput['documentType'] {
  const starts = (...magic: number[]) => magic.every((byte, i) => bytes[i] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  return null;
}

/** Keeps the document (replacing any), its type read from its bytes, never from the name. */
export function attachDocument(
  db: Db,
  id: number,
  input: { fileName: string | null; contentBase64: string },
  userId: string,
): Promise<LicenceOutput> {
  const bytes = Buffer.from(input.contentBase64, 'base64');
  if (bytes.length > LICENCE_DOCUMENT_MAX_BYTES) {
    throw invalid('The document must be at most 5 MiB', ['contentBase64']);
  }
  const type = sniffDocumentType(bytes);
  if (!type) throw invalid('The document must be a PDF, PNG or JPEG file', ['contentBase64']);
  return inTransaction(db, async (trx) => {
    await lockLicence(trx, id);
    const before = await getLicence(trx, id);
    await trx
      .updateTable('licences')
      .set({
        document: bytes,
        documentType: type,
        documentName: input.fileName,
        updatedAt: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    const after = await getLicence(trx, id);
    await logUpdate(
      trx,
      { entity: licenceEntity, id, userId },
      licenceSnapshot(before),
      licenceSnapshot(after),
    );
    return after;
  });
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

/** The stored document: its bytes, type and a file name to save it under. */
export async function licenceDocument(
  db: Db,
  id: number,
): Promise<{ bytes: Buffer; type: string; filename: string }> {
  const row = await db
    .selectFrom('licences')
    .select(['number', 'document', 'documentType'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Licence');
  if (!row.document || !row.documentType) throw notFound('Licence document');
  const safe = row.number.replace(/[^A-Za-z0-9._-]+/g, '-');
  return {
    bytes: Buffer.from(row.document),
    type: row.documentType,
    filename: `licence-${safe}.${EXTENSIONS[row.documentType] ?? 'bin'}`,
  };
}

/**
 * GET /api/licences/issues: each pharmacy with a licence expired, expiring within the warning
 * days, without an expiry date, or no valid state licence (nor 503B) for its shipping state.
 */
export async function licenceIssues(db: Db, onlyPharmacyId?: number): Promise<LicenceIssues> {
  const today = await databaseToday(db);
  const days = await warningDays(db);
  const horizon = addDaysIso(today, days);
  let pharmacyQuery = db
    .selectFrom('pharmacies')
    .select(['id', 'name', 'shippingState'])
    .orderBy('name')
    .orderBy('id');
  let licenceQuery = db
    .selectFrom('licences')
    .select(['id', 'pharmacyId', 'kind', 'number', 'state', 'issuedOn', 'expiresOn'])
    .orderBy('expiresOn')
    .orderBy('id');
  if (onlyPharmacyId !== undefined) {
    pharmacyQuery = pharmacyQuery.where('id', '=', onlyPharmacyId);
    licenceQuery = licenceQuery.where('pharmacyId', '=', onlyPharmacyId);
  }
  const pharmacies = await pharmacyQuery.execute();
  const licences = await licenceQuery.execute();
  const byPharmacy = new Map<number, typeof licences>();
  for (const l of licences)
    byPharmacy.set(l.pharmacyId, [...(byPharmacy.get(l.pharmacyId) ?? []), l]);
  const counts: Record<LicenceProblemKind, number> = {
    expired: 0,
    expiring: 0,
    missing: 0,
    no_expiry: 0,
  };
  const listed: LicenceIssues['pharmacies'] = [];
  for (const pharmacy of pharmacies) {
    const own = byPharmacy.get(pharmacy.id) ?? [];
    const problems: LicenceIssues['pharmacies'][number]['problems'] = [];
    for (const l of own) {
      const kindLabel = `${LICENCE_KIND_LABELS[l.kind]} ${l.number}`;
      if (l.expiresOn === null) {
        problems.push({
          problem: 'no_expiry',
          licenceId: l.id,
          kind: l.kind,
          number: l.number,
          expiresOn: null,
          message: `${kindLabel} has no expiry date`,
        });
      } else if (l.expiresOn < today) {
        problems.push({
          problem: 'expired',
          licenceId: l.id,
          kind: l.kind,
          number: l.number,
          expiresOn: l.expiresOn,
          message: `${kindLabel} expired on ${l.expiresOn}`,
        });
      } else if (l.expiresOn <= horizon) {
        problems.push({
          problem: 'expiring',
          licenceId: l.id,
          kind: l.kind,
          number: l.number,
          expiresOn: l.expiresOn,
          message: `${kindLabel} expires on ${l.expiresOn}`,
        });
      }
    }
    const valid = (l: (typeof own)[number]) =>
      (l.issuedOn === null || l.issuedOn <= today) &&
      (l.expiresOn === null || l.expiresOn >= today);
    const covered = own.some(
      (l) =>
        valid(l) &&
        (l.kind === 'outsourcing_503b' ||
          (l.kind === 'state_pharmacy' && l.state === pharmacy.shippingState)),
    );
    if (!covered) {
      problems.push({
        problem: 'missing',
        licenceId: null,
        kind: 'state_pharmacy',
        number: null,
        expiresOn: null,
        message: pharmacy.shippingState
          ? `No valid ${LICENCE_KIND_LABELS.state_pharmacy.toLowerCase()} for ${pharmacy.shippingState}`
          : `No shipping state: ${LICENCE_PROBLEM_LABELS.missing.toLowerCase()} cannot be judged`,
      });
    }
    if (problems.length) {
      for (const p of problems) counts[p.problem]++;
      listed.push({
        pharmacyId: pharmacy.id,
        pharmacyName: pharmacy.name,
        shippingState: pharmacy.shippingState,
        problems,
      });
    }
  }
  return { counts, pharmacies: listed };
}

/** The order form's warning under the pharmacy picker: the gate's state check, read-only. */
export async function licenceWarning(
  db: Db,
  pharmacyId: number,
): Promise<{ message: string; overridable: boolean } | null> {
  const settings = await db
    .selectFrom('businessSettings')
    .select('requireLicences')
    .executeTakeFirstOrThrow();
  if (!settings.requireLicences) return null;
  const issues = await licenceIssues(db, pharmacyId);
  const mine = issues.pharmacies[0];
  const problems = mine?.problems.filter((p) => p.problem !== 'no_expiry') ?? [];
  const missing = problems.find((p) => p.problem === 'missing');
  if (!missing) {
    const expiring = problems.find((p) => p.problem === 'expiring');
    return expiring ? { message: expiring.message, overridable: false } : null;
  }
  const expired = problems.filter((p) => p.problem === 'expired').map((p) => p.message);
  return {
    message: [`${missing.message}: sending and invoicing are refused`, ...expired].join('; '),
    overridable: true,
  };
}
