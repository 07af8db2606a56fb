import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { printable, renderOrderPdf } from './order.js';
import type { OrderDetails } from '../routers/orders.service.js';

const order = (overrides: Partial<OrderDetails>): OrderDetails => ({
  id: 1,
  orderNumber: 'ORD-2026-00007',
  pharmacyId: 1,
  orderDate: '2026-03-14',
  shipMethod: null,
  notes: null,
  status: 'Draft',
  subtotal: '84.00',
  total: '84.00',
  createdAt: new Date(),
  updatedAt: new Date(),
  pharmacy: {
    name: 'Café Pharmacy',
    contactName: null,
    email: 'a@example.com',
    phone: null,
    shippingAddress: null,
    billingAddress: null,
  },
  lineItems: [
    {
      id: 1,
      orderId: 1,
      position: 0,
      productSku: 'VL-TI',
      variantSku: 'VL-10R-CLR',
      description: 'VL-TI - 10R Clear',
      qty: 2,
      unitPrice: '42.00',
      lineTotal: '84.00',
    },
  ],
  itemCount: 2,
  ...overrides,
});

async function pages(pdf: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return texts;
}

describe('printable', () => {
  it('keeps what the built-in fonts can print and marks the rest', () => {
    expect(printable('Café – “naïve” €5')).toBe('Café – “naïve” €5');
    expect(printable('✓ 日本\tx')).toBe('? ?? x');
  });
});

describe('renderOrderPdf', () => {
  it('prints missing contact details as such rather than blank', async () => {
    const [text] = await pages(await renderOrderPdf(order({})));
    expect(text).toContain('Café Pharmacy');
    expect(text).toContain('No shipping address on file');
    expect(text).toContain('Not specified');
    expect(text).toContain('$84.00');
  });

  it('carries notes longer than a page onto further numbered pages', async () => {
    const notes = Array.from({ length: 120 }, (_, i) => `Note line ${i + 1}`).join('\n');
    const texts = await pages(await renderOrderPdf(order({ notes })));
    expect(texts.length).toBeGreaterThan(2);
    expect(texts.join(' ')).toContain('Note line 120');
    texts.forEach((text, i) => expect(text).toContain(`Page ${i + 1} of ${texts.length}`));
  });
});
