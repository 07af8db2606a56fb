import { expect } from 'vitest';
import type { Client } from './helpers.js';

/** A pharmacy made through the API, `extra` over its name and email; its id. */
export async function createPharmacy(
  c: Client,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const res = await c.post('/api/pharmacies', { name, email: 'ap@example.com', ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

/**
 * An invoice of exactly `amount` (no tax, no shipping), Unpaid, issued 2026-03-14 and due
 * 2026-04-13, unless `overrides` say otherwise.
 */
export async function createInvoice(
  c: Client,
  pharmacyId: number,
  amount: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; invoiceNumber: string; pharmacyId: number; total: string }> {
  const res = await c.post('/api/invoices', {
    pharmacyId,
    invoiceDate: '2026-03-14',
    dueDate: '2026-04-13',
    taxRate: '0.0000',
    shipping: '0.00',
    amount,
    status: 'Unpaid',
    ...overrides,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** A cheque on the pharmacy's account, applied to the invoices as `allocations` say. */
export const accountPayment = (
  pharmacyId: number,
  amount: string,
  allocations: { invoiceId: number; amount: string }[],
) => ({ pharmacyId, amount, date: '2026-03-20', method: 'Check', allocations });
