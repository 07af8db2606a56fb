import { describe, expect, it } from 'vitest';
import type { OrderDetails } from './service.js';
import { renderOrderPdf } from './pdf.js';
import { readPdf } from '../../lib/pdf/read-pdf.js';

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
      lotId: null,
      lot: null,
    },
  ],
  itemCount: 2,
  invoice: null,
  ...overrides,
});

const pages = async (pdf: Buffer) => (await readPdf(pdf)).map((page) => page.text);

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

describe('renderOrderPdf of a long order', () => {
  it('lists every line once and in order, with the total after the last', async () => {
    const lineItems = Array.from({ length: 60 }, (_, i) => ({
      ...order({}).lineItems[0]!,
      id: i + 1,
      position: i,
      description: `Line ${i + 1}`,
    }));
    const texts = await pages(
      await renderOrderPdf(order({ lineItems, subtotal: '5040.00', total: '5040.00' })),
    );
    const all = texts.join(' ');
    const lines = [...all.matchAll(/Line (\d+)/g)].map((match) => Number(match[1]));
    expect(lines).toEqual(lineItems.map((_, i) => i + 1));
    expect(all.indexOf('Order Total (USD) $5,040.00')).toBeGreaterThan(all.indexOf('Line 60'));
  });
});
