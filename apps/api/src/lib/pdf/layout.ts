import {
  COLOR,
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  MARGIN,
  RIGHT,
  STYLE,
  SUPPLIER,
  type TextStyle,
} from './theme.js';

/**
 * The built-in PDF fonts only have the WinAnsi characters (Latin-1 plus curly quotes, dashes, €);
 * anything else would print as unrelated glyphs, so it prints as '?' instead.
 */
export function printable(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[^\n\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu, '?');
}

export interface TextBox {
  /** Wrap within this width and align within it; without it the text is one line. */
  width?: number;
  align?: 'left' | 'right';
}

/**
 * Drawing on the document's pages, in the kit's styles, with the page breaks done by hand (pdfkit's
 * automatic breaks know nothing of table headers or the continuation header). Every text goes
 * through `printable`, so a document description never has to think about the fonts.
 */
export class Layout {
  /** The fill colour in effect on the current page; text sets it only when it changes. */
  private fillColor: string | undefined;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    /** What the continuation header of every page after the first says. */
    private readonly continuation: string,
  ) {}

  /** Draws `value` at (x, y) and returns the y below it. */
  text(value: string, x: number, y: number, style: TextStyle, box: TextBox = {}): number {
    const text = box.width === undefined ? printable(value).replace(/\n/g, ' ') : printable(value);
    this.use(style);
    if (style.color !== this.fillColor) {
      this.doc.fillColor(style.color);
      this.fillColor = style.color;
    }
    const options = { characterSpacing: style.spacing };
    const width = this.oneLineWidth(text, style);
    if (box.width !== undefined && width > box.width) {
      this.doc.text(text, x, y, { ...options, width: box.width, align: box.align });
      return this.doc.y;
    }
    // A line that fits is drawn without pdfkit's line wrapper (whose line breaking is most of a
    // table's cost), where the wrapper would put it.
    const dx =
      box.align === 'right'
        ? box.width! - (/\s$/.test(text) ? this.oneLineWidth(text.trimEnd(), style) : width)
        : 0;
    this.doc.text(text, x + dx, y, { ...options, lineBreak: false });
    return y + this.doc.currentLineHeight(true);
  }

  /** The height `text` takes in `style` within `width`. */
  heightOf(value: string, style: TextStyle, width: number): number {
    const text = printable(value);
    this.use(style);
    if (this.oneLineWidth(text, style) <= width) return this.doc.currentLineHeight(true);
    return this.doc.heightOfString(text, { width, characterSpacing: style.spacing });
  }

  rule(x1: number, x2: number, y: number, width = 0.5, color = COLOR.rule): void {
    this.doc.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke();
  }

  fill(x: number, y: number, width: number, height: number, color: string): void {
    this.doc.rect(x, y, width, height).fill(color);
    this.fillColor = color;
  }

  /** A filled rectangle with a frame. */
  box(x: number, y: number, width: number, height: number, fill: string, frame: string): void {
    this.doc.rect(x, y, width, height).lineWidth(0.75).fillAndStroke(fill, frame);
    this.fillColor = fill;
  }

  /** Goes back to page `index` (of `doc.bufferedPageRange()`), e.g. to write its footer. */
  switchToPage(index: number): void {
    this.doc.switchToPage(index);
    this.fillColor = undefined;
  }

  /** A new page with the continuation header; returns where content starts on it. */
  newPage(): number {
    this.doc.addPage();
    this.fillColor = undefined;
    this.text(SUPPLIER.name, MARGIN, MARGIN, STYLE.supplierSmall);
    this.text(this.continuation, MARGIN + 160, MARGIN + 2, STYLE.muted, {
      width: CONTENT_WIDTH - 160,
      align: 'right',
    });
    const ruleY = MARGIN + 18;
    this.rule(MARGIN, RIGHT, ruleY, 1, COLOR.brand);
    return ruleY + 12;
  }

  /** `top` when `height` fits between it and the footer, else the top of a new page. */
  fit(top: number, height: number): number {
    return top + height > CONTENT_BOTTOM ? this.newPage() : top;
  }

  private use(style: TextStyle): PDFKit.PDFDocument {
    return this.doc.font(style.font).fontSize(style.size);
  }

  /** The width of `text` on one line, or Infinity when it has line breaks. */
  private oneLineWidth(text: string, style: TextStyle): number {
    if (text.includes('\n')) return Infinity;
    return this.doc.widthOfString(text, { characterSpacing: style.spacing });
  }
}
