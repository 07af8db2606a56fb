import { moneyViolations } from '@pharm/db';
import { addDaysIso, todayIso } from '@pharm/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed/index.js';
import { createTestDb } from './helpers.js';

let testDb: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  testDb = await createTestDb();
}, 60_000);
afterAll(() => testDb.drop());

describe('demo seed', () => {
  it('creates invoices and payments whose balances, statuses and pharmacy balances hold', async () => {
    const db = testDb.handle.db;
    const lines: string[] = [];
    await seed(db, (line) => lines.push(line));

    const invoices = await db
      .selectFrom('invoices')
      .select(['status', 'fromOrderId', 'lotNumber', 'dueDate', 'balance'])
      .execute();
    expect(invoices.length).toBeGreaterThan(10);
    expect(invoices.some((i) => i.fromOrderId !== null)).toBe(true);
    expect(invoices.some((i) => i.fromOrderId === null)).toBe(true);
    const statuses = new Set(invoices.map((i) => i.status));
    for (const status of ['Draft', 'Unpaid', 'Partially Paid', 'Paid'])
      expect(statuses).toContain(status);
    const lotCounts = new Map<string, number>();
    for (const { lotNumber } of invoices)
      if (lotNumber) lotCounts.set(lotNumber, (lotCounts.get(lotNumber) ?? 0) + 1);
    expect([...lotCounts.values()].filter((n) => n > 1).length).toBeGreaterThanOrEqual(3);
    const today = todayIso();
    expect(
      invoices.some((i) => i.status !== 'Paid' && i.dueDate < today && Number(i.balance) > 0),
    ).toBe(true);
    expect(await moneyViolations(db)).toEqual([]);

    // Issue 29: the gate is on and the licences show every status.
    const settings = await db
      .selectFrom('businessSettings')
      .select('requireLicences')
      .executeTakeFirstOrThrow();
    expect(settings.requireLicences).toBe(true);
    const licences = await db.selectFrom('licences').select(['kind', 'expiresOn']).execute();
    const expired = licences.filter((l) => l.expiresOn !== null && l.expiresOn < today);
    expect(expired).toHaveLength(1);
    expect(licences.filter((l) => l.expiresOn === addDaysIso(today, 20))).toHaveLength(1);
    expect(licences.some((l) => l.expiresOn === null)).toBe(true);
    expect(new Set(licences.map((l) => l.kind))).toEqual(
      new Set(['state_pharmacy', 'dea', 'outsourcing_503b', 'resale_certificate']),
    );

    // Issue 30: lots for the vials and stoppers, one on hold, and lines that carry them.
    const lots = await db.selectFrom('lots').select(['status']).execute();
    expect(lots.length).toBeGreaterThan(10);
    expect(lots.filter((l) => l.status === 'on_hold')).toHaveLength(1);
    const lotted = await db
      .selectFrom('invoiceLineItems')
      .select('id')
      .where('lotId', 'is not', null)
      .execute();
    expect(lotted.length).toBeGreaterThan(0);
    // One recall in progress: some pharmacies acknowledged, not all.
    const notices = await db
      .selectFrom('recallNotices as n')
      .innerJoin('recalls as r', 'r.id', 'n.recallId')
      .select(['n.status', 'r.closedOn'])
      .execute();
    expect(notices.every((n) => n.closedOn === null)).toBe(true);
    expect(notices.map((n) => n.status)).toContain('acknowledged');
    expect(notices.length).toBeGreaterThan(1);

    // A second run leaves what is there alone.
    const payments = await db.selectFrom('payments').select('id').execute();
    await seed(db, (line) => lines.push(line));
    expect(await db.selectFrom('invoices').select('id').execute()).toHaveLength(invoices.length);
    expect(await db.selectFrom('payments').select('id').execute()).toHaveLength(payments.length);
    expect(lines).toContain('invoices: already present, skipped');
    expect(lines).toContain('licences: already present, skipped');
    expect(lines).toContain('lots: already present, skipped');
    expect(lines).toContain('recalls: already present, skipped');
  }, 120_000);
});
