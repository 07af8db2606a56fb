import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { Layout, printable } from './layout.js';
import { readPdf } from './read-pdf.js';
import { STYLE } from './theme.js';

function finish(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  doc.end();
  return done;
}

describe('printable', () => {
  it('keeps what the built-in fonts can print and marks the rest', () => {
    expect(printable('Café – “naïve” €5')).toBe('Café – “naïve” €5');
    expect(printable('✓ 日本\tx')).toBe('? ?? x');
  });

  it('takes Windows and old Mac line ends as line breaks', () => {
    expect(printable('one\r\ntwo\rthree')).toBe('one\ntwo\nthree');
  });
});

describe('Layout.text', () => {
  it('puts a line that fits where pdfkit’s line wrapper puts it', async () => {
    const samples = ['Order Total (USD)', '$1,234,567.89', 'AV Wa To', 'Page 12 of 13'];
    const kit = new PDFDocument();
    const layout = new Layout(kit, '');
    const plain = new PDFDocument();
    samples.forEach((sample, i) => {
      for (const align of ['left', 'right'] as const) {
        const y = 100 + i * 40 + (align === 'right' ? 20 : 0);
        layout.text(sample, 80, y, STYLE.body, { width: 300, align });
        plain.font('Helvetica').fontSize(9.5).text(sample, 80, y, { width: 300, align });
      }
    });
    const [kitPage] = await readPdf(await finish(kit));
    const [plainPage] = await readPdf(await finish(plain));
    expect(kitPage!.items.length).toBe(samples.length * 2);
    expect(kitPage!.items).toEqual(plainPage!.items);
  });

  it('wraps a text longer than its width and answers the y below its last line', async () => {
    const doc = new PDFDocument();
    const layout = new Layout(doc, '');
    const text = 'Deliver to the rear dock. Certificates of analysis for every lot, please.';
    const bottom = layout.text(text, 50, 100, STYLE.body, { width: 120 });
    expect(bottom - 100).toBe(layout.heightOf(text, STYLE.body, 120));
    const [page] = await readPdf(await finish(doc));
    expect(page!.items.length).toBeGreaterThan(2);
    expect(page!.items.map((item) => item.str).join(' ')).toContain('Certificates');
  });
});
