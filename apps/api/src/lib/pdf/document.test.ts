import { describe, expect, it } from 'vitest';
import { boxes, closing, facts, notes, parties, table, totals } from './blocks.js';
import { renderDocument, type DocumentSpec } from './document.js';
import { readPdf } from './read-pdf.js';

const statement = (body: DocumentSpec['body']): DocumentSpec => ({
  title: 'STATEMENT',
  reference: 'Statement March 2026',
  party: 'Riverside Compounding Pharmacy',
  facts: [
    { label: 'Period', value: 'Mar 1 – Mar 31, 2026' },
    { label: 'Status', value: 'Overdue', color: 'red' },
  ],
  body,
});

interface Entry {
  n: number;
}

const entries = (count: number): Entry[] => Array.from({ length: count }, (_, i) => ({ n: i + 1 }));

const ledger = (rows: Entry[]) =>
  table({
    title: 'Activity',
    caption: `${rows.length} entries`,
    columns: [
      { label: 'Number', width: 120, value: (row) => `Entry ${row.n}` },
      { label: 'Detail', value: (row) => `Detail of entry ${row.n}` },
      { label: 'Balance', width: 90, align: 'right', value: (row) => `$${row.n}.00` },
    ],
    rows,
  });

describe('renderDocument', () => {
  it('repeats the table header on every page and lists each row once, in order', async () => {
    const pages = await readPdf(await renderDocument(statement([ledger(entries(130))])));
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages) {
      expect(page.text).toMatch(/Number Detail Balance Entry \d+/);
    }
    const numbers = pages.flatMap((page) =>
      [...page.text.matchAll(/Entry (\d+)/g)].map((match) => Number(match[1])),
    );
    expect(numbers).toEqual(entries(130).map((entry) => entry.n));
  });

  it("numbers every page 'Page X of Y' and names the document on each", async () => {
    const pages = await readPdf(await renderDocument(statement([ledger(entries(130))])));
    pages.forEach((page, i) => {
      expect(page.text.match(/Page \d+ of \d+/g)).toEqual([`Page ${i + 1} of ${pages.length}`]);
      expect(page.text).toContain('PharmSupply · Statement March 2026');
    });
    expect(pages[0]!.text).toContain('STATEMENT Period Mar 1 – Mar 31, 2026 Status Overdue');
    for (const page of pages.slice(1)) {
      expect(page.text).toContain(
        'Statement March 2026 (continued) · Riverside Compounding Pharmacy',
      );
    }
  });

  it('prints the totals in order, kept together on one page wherever the table ends', async () => {
    const rows = [
      { label: 'Subtotal', value: '$1,512.00' },
      { label: 'Tax (7.25%)', value: '$109.62' },
      { label: 'Shipping', value: '$25.00' },
      { label: 'Total (USD)', value: '$1,646.62', strong: true },
      { label: 'Paid', value: '$500.00' },
      { label: 'Balance Due (USD)', value: '$1,146.62', strong: true },
    ];
    const printed = rows.map((row) => `${row.label} ${row.value}`).join(' ');
    // 26 rows fill the first page: somewhere from 18 on, the totals no longer fit below them.
    for (let count = 18; count <= 28; count++) {
      const pages = await readPdf(
        await renderDocument(statement([ledger(entries(count)), totals(rows)])),
      );
      const withTotals = pages.filter((page) => page.text.includes('Subtotal'));
      expect(withTotals).toHaveLength(1);
      expect(withTotals[0]!.text).toContain(printed);
    }
  });

  it("prints what the built-in fonts lack as '?' and keeps WinAnsi text as it is", async () => {
    const [page] = await readPdf(
      await renderDocument({
        ...statement([
          parties({ title: 'BILL TO', name: 'Café 日本 ✓', lines: ['Zoë “Ann” Müller – €5'] }),
          notes('NOTES', 'Ship ☃ fast'),
        ]),
        party: 'Café 日本',
      }),
    );
    expect(page!.text).toContain('Café ?? ?');
    expect(page!.text).toContain('Zoë “Ann” Müller – €5');
    expect(page!.text).toContain('Ship ? fast');
  });

  it('lays out parties side by side, facts in a grid, boxes in a row, and a closing', async () => {
    const pdf = await renderDocument(
      statement([
        parties(
          { title: 'BILL TO', name: 'Riverside', lines: ['PO Box 12', null, 'pat@example.com'] },
          { title: 'SHIP TO', name: 'Riverside', lines: ['100 Main St'] },
        ),
        facts(
          [
            { label: 'Lot', value: 'LOT-24-0917' },
            { label: 'Tray', value: 'T-12' },
          ],
          { title: 'PRODUCT INFORMATION' },
        ),
        facts([], { title: 'PACKAGING', empty: 'No product information available' }),
        boxes(
          [
            { label: 'Current', value: '$120.00' },
            { label: 'Over 90 days', value: '$75.00', color: 'red' },
          ],
          { title: 'AGING' },
        ),
        closing('Thank you for your business.', ['Received by']),
      ]),
    );
    const [page] = await readPdf(pdf);
    const at = (str: string) => page!.items.find((item) => item.str === str)!;
    expect(at('SHIP TO').x).toBeGreaterThan(at('BILL TO').x);
    expect(at('SHIP TO').y).toBe(at('BILL TO').y);
    expect(at('Tray').y).toBe(at('Lot').y);
    expect(at('T-12').y).toBeLessThan(at('Tray').y);
    expect(at('Over 90 days').y).toBe(at('Current').y);
    expect(page!.text).toContain(
      'BILL TO Riverside PO Box 12 pat@example.com SHIP TO Riverside 100 Main St',
    );
    expect(page!.text).toContain('PACKAGING No product information available');
    expect(page!.text).toContain('AGING Current $120.00 Over 90 days $75.00');
    expect(page!.text).toContain('Thank you for your business. Received by');
  });

  it('prints the empty text of a table without rows', async () => {
    const [page] = await readPdf(
      await renderDocument(
        statement([
          table({
            columns: [{ label: 'Invoice', value: (row: Entry) => `${row.n}` }],
            rows: [],
            empty: 'No activity in this period',
          }),
        ]),
      ),
    );
    expect(page!.text).toContain('Invoice No activity in this period');
  });
});
