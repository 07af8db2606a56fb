import { describe, expect, it } from 'vitest';
import type { InvoiceDetails } from './service.js';
import { renderInvoicePdf } from './pdf.js';
import { readPdf } from '../../lib/pdf/read-pdf.js';

const line = (position: number, description: string, lineTotal: string) => ({
  id: position + 1,
  invoiceId: 1,
  position,
  description,
  qty: 1,
  unitPrice: lineTotal,
  lineTotal,
  lotId: null,
  lot: null,
});

const invoice = (overrides: Partial<InvoiceDetails>): InvoiceDetails => ({
  id: 1,
  invoiceNumber: 'INV-2026-00042',
  fromOrderId: null,
  fromOrderNumber: null,
  pharmacyId: 1,
  invoiceDate: '2026-11-02',
  dueDate: '2026-12-02',
  terms: 'COD',
  notes: null,
  lotNumber: null,
  traySize: null,
  nestSize: null,
  caseSize: null,
  status: 'Unpaid',
  taxRate: '0.0875',
  shipping: '25.00',
  amount: '1250.00',
  subtotal: '1250.00',
  taxAmount: '109.38',
  total: '1384.38',
  balance: '1384.38',
  amountPaid: '0.00',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  pharmacy: {
    name: 'Café Pharmacy',
    contactName: null,
    email: 'a@example.com',
    phone: null,
    shippingAddress: null,
    billingAddress: null,
  },
  lineItems: [],
  ...overrides,
});

const text = async (pdf: Buffer) => (await readPdf(pdf)).map((page) => page.text).join('\n');

describe('renderInvoicePdf', () => {
  it('says what is missing rather than leaving it blank, and how to pay what is due', async () => {
    const page = await text(await renderInvoicePdf(invoice({}), { today: '2026-11-23' }));
    for (const expected of [
      'Terms Cash on Delivery',
      'Status Unpaid',
      'No billing address on file',
      'No product information available',
      'Not itemised: the invoice is for the amount below.',
      'Subtotal $1,250.00',
      'Tax (8.75%) $109.38',
      'Shipping $25.00',
      'Invoice Total (USD) $1,384.38',
      'Amount paid $0.00',
      'Balance Due (USD) $1,384.38',
      'Please pay $1,384.38 by Dec 2, 2026, quoting INV-2026-00042.',
    ]) {
      expect(page).toContain(expected);
    }
  });

  it('shows Overdue after the due date while a balance is left, and Paid in full after', async () => {
    const late = await text(await renderInvoicePdf(invoice({}), { today: '2026-12-03' }));
    expect(late).toContain('Status Overdue');
    const paid = await text(
      await renderInvoicePdf(invoice({ status: 'Paid', balance: '0.00', amountPaid: '1384.38' }), {
        today: '2026-12-03',
      }),
    );
    expect(paid).toContain('Status Paid');
    expect(paid).toContain('Paid in full. Thank you.');
    expect(paid).not.toContain('Please pay');
  });

  it('prints the product information with dashes for the sizes not given', async () => {
    const page = await text(
      await renderInvoicePdf(invoice({ lotNumber: 'LT-1', caseSize: '1,000' })),
    );
    expect(page).toContain('Lot number LT-1 Tray size — Nest size — Case size 1,000');
  });

  it('adds an adjustment row when the amount differs from its lines, so the column adds up', async () => {
    const lineItems = [line(0, 'Vials', '1000.00'), line(1, 'Stoppers', '275.00')];
    const page = await text(await renderInvoicePdf(invoice({ lineItems })));
    expect(page).toContain('Items total $1,275.00 Adjustment -$25.00 Subtotal $1,250.00');
    const exact = await text(
      await renderInvoicePdf(invoice({ lineItems: [line(0, 'Vials', '1250.00')] })),
    );
    expect(exact).not.toContain('Adjustment');
  });

  it("prints each line's lot and expiry when a line has one, and no lot column otherwise", async () => {
    const lotted = {
      ...line(0, 'Vials', '1000.00'),
      lotId: 7,
      lot: { id: 7, lotNumber: 'VL10-2611-A', expiryDate: '2028-05-31' },
    };
    const page = await text(
      await renderInvoicePdf(invoice({ lineItems: [lotted, line(1, 'Stoppers', '250.00')] })),
    );
    expect(page).toContain('Lot / Expiry');
    expect(page).toContain('VL10-2611-A, exp. May 31, 2028');
    const plain = await text(
      await renderInvoicePdf(invoice({ lineItems: [line(0, 'Vials', '1250.00')] })),
    );
    expect(plain).not.toContain('Lot / Expiry');
  });

  it('carries many lines onto further pages, the totals after the last', async () => {
    const lineItems = Array.from({ length: 80 }, (_, i) => line(i, `Line ${i + 1}`, '15.00'));
    const pages = (await readPdf(await renderInvoicePdf(invoice({ lineItems })))).map(
      (page) => page.text,
    );
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
    const all = pages.join(' ');
    expect(all.indexOf('Balance Due (USD)')).toBeGreaterThan(all.indexOf('Line 80'));
  });
});
