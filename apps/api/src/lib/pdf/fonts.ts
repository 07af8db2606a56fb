import PDFDocument from 'pdfkit';

/** What pdfkit's AFM parser fills in for a standard font: constants, so documents share them. */
interface AfmMetrics {
  attributes: Record<string, unknown>;
  glyphWidths: Record<string, number>;
  boundingBoxes: Record<string, unknown>;
  kernPairs: Record<string, number>;
  /** kernPairs by left glyph, then right glyph. */
  kerning?: Map<string, Map<string, number>>;
}

interface AfmFontPrototype {
  parse(this: AfmMetrics, contents: string): void;
  getKernPair(this: AfmMetrics, left: string, right: string | undefined): number;
}

const parsed = new Map<string, AfmMetrics>();
let parses = 0;

function kerningOf(kernPairs: Record<string, number>): Map<string, Map<string, number>> {
  const kerning = new Map<string, Map<string, number>>();
  for (const [pair, value] of Object.entries(kernPairs)) {
    const [left, right] = pair.split('\0') as [string, string];
    let byRight = kerning.get(left);
    if (!byRight) kerning.set(left, (byRight = new Map()));
    byRight.set(right, value);
  }
  return kerning;
}

/**
 * pdfkit parses the AFM metrics of a standard font (Helvetica: 315 glyph widths, 2,700 kerning
 * pairs) every time a new document first uses it: half the CPU of a 10-line order. The metrics
 * never change, so each font's parse is kept for the life of the process and handed to every
 * later document. Its kerning lookup builds a string key per pair of letters (a fifth of the
 * CPU left after that); a map by glyph answers the same from the same pairs.
 *
 * pdfkit does not export its AFM class; it is reached through a document's current font. Should a
 * pdfkit upgrade change that shape, documents render as before, only slower, and
 * `standardFontParses` shows it (the kit's tests check it).
 */
function shareStandardFontMetrics(): void {
  const probe = new PDFDocument() as unknown as {
    _font?: { font?: { constructor?: { prototype?: Partial<AfmFontPrototype> } } };
  };
  const prototype = probe._font?.font?.constructor?.prototype;
  const { parse, getKernPair } = prototype ?? {};
  if (!prototype || typeof parse !== 'function' || typeof getKernPair !== 'function') return;
  prototype.parse = function (contents) {
    const known = parsed.get(contents);
    if (known) {
      Object.assign(this, known);
      return;
    }
    parse.call(this, contents);
    parses++;
    const { attributes, glyphWidths, boundingBoxes, kernPairs } = this;
    this.kerning = kerningOf(kernPairs);
    parsed.set(contents, {
      attributes,
      glyphWidths,
      boundingBoxes,
      kernPairs,
      kerning: this.kerning,
    });
  };
  prototype.getKernPair = function (left, right) {
    if (!this.kerning) return getKernPair.call(this, left, right);
    return (right !== undefined && this.kerning.get(left)?.get(right)) || 0;
  };
}

shareStandardFontMetrics();

/** How many times an AFM file was parsed since the kit loaded (one per font when shared). */
export function standardFontParses(): number {
  return parses;
}
