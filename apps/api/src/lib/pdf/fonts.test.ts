import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { renderDocument } from './document.js';
import { standardFontParses } from './fonts.js';

const render = () =>
  renderDocument({ title: 'T', reference: 'R', party: 'P', facts: [], body: [] });

describe('standard font metrics', () => {
  it('are parsed once per font and process, not once per document', async () => {
    await render();
    const afterFirst = standardFontParses();
    expect(afterFirst).toBeGreaterThan(0);
    expect(afterFirst).toBeLessThanOrEqual(2);
    await Promise.all([render(), render(), render()]);
    expect(standardFontParses()).toBe(afterFirst);
  });

  it('kern letter pairs as the AFM files say', () => {
    const doc = new PDFDocument();
    // Helvetica: A and V are 667 wide, H 722, T 611, o 556; KPX A V -70, KPX T o -120, no A H.
    doc.font('Helvetica').fontSize(1000);
    expect(doc.widthOfString('AV')).toBe(667 + 667 - 70);
    expect(doc.widthOfString('To')).toBe(611 + 556 - 120);
    expect(doc.widthOfString('AH')).toBe(667 + 722);
    // Helvetica-Bold: KPX A V -80, from its own file.
    doc.font('Helvetica-Bold');
    expect(doc.widthOfString('AV')).toBe(722 + 667 - 80);
  });
});
