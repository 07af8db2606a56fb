import { describe, expect, it } from 'vitest';
import type { Statement } from './service.js';
import { readPdf } from '../../lib/pdf/read-pdf.js';
import { renderStatementPdf, statementFilename } from './pdf.js';

const billTo = {
  name: 'Café Pharmacy',
  contactName: 'Ana',
  email: 'a@example.com',
  phone: null,
  billingAddress: null,
  shippingAddress: '2 Side St',
};

function statement(lineCount: number): Statement {
  let balance = 10_000;
  const lines = Array.from({ length: lineCount }, (_, i) => {
    const type = i % 2 === 0 ? ('invoice' as const) : ('payment' as const);
    balance += type === 'invoice' ? 1_500 : -1_000;
    return {
      date: '2026-02-10',
      type,
      id: i + 1,
      number: `${type === 'invoice' ? 'INV' : 'PAY'}-2026-${String(i + 1).padStart(5, '0')}`,
      amount: type === 'invoice' ? '15.00' : '10.00',
      balance: (balance / 100).toFixed(2),
    };
  });
  return {
    pharmacy: { id: 7, name: 'Café Pharmacy' },
    from: '2026-02-01',
    to: '2026-02-28',
    openingBalance: '100.00',
    closingBalance: (balance / 100).toFixed(2),
    lines,
    aging: { current: '1.00', days31to60: '2.00', days61to90: '3.00', over90: '4.00' },
    unapplied: '0.00',
    allocations: [],
  };
}

describe('renderStatementPdf', () => {
  it('repeats the table header on every page and numbers the pages', async () => {
    const pages = await readPdf(await renderStatementPdf(statement(80), billTo));
    expect(pages.length).toBeGreaterThan(1);
    const withRows = pages.filter((page) => /(INV|PAY)-2026-/.test(page.text));
    expect(withRows.length).toBeGreaterThan(1);
    for (const page of withRows) {
      expect(page.text).toContain('Date Type Reference Charges Payments Balance');
    }
    pages.forEach((page, i) => expect(page.text).toContain(`Page ${i + 1} of ${pages.length}`));
    const text = pages.map((page) => page.text).join('\n');
    expect(text).toContain('INV-2026-00079');
    expect(text).toContain('Closing balance $300.00');
    expect(text).toContain('2 Side St');
    expect(text).toContain('Over 90 days $4.00');
  });

  it('prints an empty period as its opening balance alone', async () => {
    const [page] = await readPdf(await renderStatementPdf(statement(0), billTo));
    expect(page!.text).toContain('Opening balance $100.00');
    expect(page!.text).toContain('Closing balance $100.00');
  });

  it('names the file after the pharmacy and the end date, in ASCII', () => {
    expect(
      statementFilename({ pharmacy: { id: 7, name: 'Café Pharmacy #2' }, to: '2026-02-28' }),
    ).toBe('statement-cafe-pharmacy-2-2026-02-28.pdf');
    expect(statementFilename({ pharmacy: { id: 7, name: '药房' }, to: '2026-02-28' })).toBe(
      'statement-7-2026-02-28.pdf',
    );
  });
});
