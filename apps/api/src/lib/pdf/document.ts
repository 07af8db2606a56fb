import { todayIso } from '@pharm/validators';
import PDFDocument from 'pdfkit';
import { DomainError } from '../domain-error.js';
// Loaded for its effect: standard font metrics shared by every document.
import './fonts.js';
import { Layout } from './layout.js';
import {
  COLOR,
  CONTENT_WIDTH,
  FOOTER_Y,
  MARGIN,
  paletteColor,
  RIGHT,
  STYLE,
  SUPPLIER,
} from './theme.js';

/** A piece of a document's body, drawn below the previous one. */
export interface Block {
  /** Space above the block, in points. */
  gap: number;
  /** Draws the block from `top` (breaking pages through `layout`); returns the y below it. */
  draw(layout: Layout, top: number): number;
}

/** A label and its value in the header's facts column, e.g. Invoice # INV-2026-00012. */
export interface Fact {
  label: string;
  value: string;
  /** A status palette name (gray, blue, green, red, yellow, orange) to colour the value. */
  color?: string;
}

export interface DocumentSpec {
  /** The big title of the first page, e.g. 'PURCHASE ORDER', 'INVOICE'. */
  title: string;
  /** Names the document in every page's footer and the PDF's title, e.g. 'Invoice INV-2026-00012'. */
  reference: string;
  /** Whom the document is for (continuation header, PDF subject), e.g. the pharmacy's name. */
  party: string;
  /** Right of the supplier on the first page, one per line. */
  facts: Fact[];
  /** Top to bottom; a falsy entry (a block the data leaves out) is skipped. */
  body: (Block | false | null | undefined)[];
}

/**
 * The most pages one PDF may have (docs/rules.md §6), which bounds what a render may cost: twice
 * the largest order the validators allow when its lines fill their cells (500 lines of 1,000
 * characters: about 500 pages). Descriptions that are mostly line breaks would make that order
 * 3,500 pages, and a statement or a recall has no line limit of its own.
 */
export const MAX_PDF_PAGES = 1000;

export interface PdfOptions {
  /** Deflate the page streams (default true); tests may read the raw text without it. */
  compress?: boolean;
}

/**
 * A US Letter document: the supplier's header with the title and facts on the first page, a slim
 * continuation header on the others, the body's blocks, and a footer with 'Page X of Y'.
 */
export function renderDocument(spec: DocumentSpec, options: PdfOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    // Pages are broken by hand; the bottom margin only keeps pdfkit from adding pages itself.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 20 },
    bufferPages: true,
    compress: options.compress ?? true,
    // Dated by the day, not the moment: the same data gives the same bytes all day (a document
    // already reads today for its status), so an emailed PDF's sha256 matches the download's.
    info: {
      Title: spec.reference,
      Author: SUPPLIER.name,
      Subject: spec.party,
      CreationDate: new Date(`${todayIso()}T00:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Counted as pages are added (by the layout or by pdfkit when a text runs past the bottom), so
  // that a document too long stops at the first page too many rather than after the last.
  let pages = 1;
  doc.on('pageAdded', () => {
    if (++pages > MAX_PDF_PAGES) {
      throw new DomainError(
        'INVALID',
        `${spec.reference} would run to more than ${MAX_PDF_PAGES.toLocaleString('en-US')} pages, the most a PDF may have`,
      );
    }
  });
  try {
    const layout = new Layout(doc, `${spec.reference} (continued)  ·  ${spec.party}`);
    let y = drawFirstPageHeader(layout, spec);
    for (const block of spec.body) if (block) y = block.draw(layout, y + block.gap);
    drawFooters(layout, spec);
  } catch (error) {
    return Promise.reject(error);
  }

  doc.end();
  return done;
}

function drawFirstPageHeader(layout: Layout, spec: DocumentSpec): number {
  const top = MARGIN;
  layout.text(SUPPLIER.name, MARGIN, top, STYLE.supplier);
  const lines = [SUPPLIER.tagline, ...SUPPLIER.address, `${SUPPLIER.phone}  ·  ${SUPPLIER.email}`];
  lines.forEach((line, i) => layout.text(line, MARGIN, top + 28 + i * 12, STYLE.muted));

  layout.text(spec.title, RIGHT - 260, top, STYLE.title, { width: 260, align: 'right' });
  spec.facts.forEach((fact, i) => {
    const rowY = top + 28 + i * 14;
    const value = { ...STYLE.strong, color: paletteColor(fact.color) };
    layout.text(fact.label, RIGHT - 230, rowY, STYLE.muted, { width: 80, align: 'right' });
    layout.text(fact.value, RIGHT - 140, rowY, value, { width: 140, align: 'right' });
  });

  const ruleY = top + 28 + Math.max(spec.facts.length * 14, lines.length * 12) + 8;
  layout.rule(MARGIN, RIGHT, ruleY, 1.5, COLOR.brand);
  return ruleY;
}

function drawFooters(layout: Layout, spec: DocumentSpec): void {
  const { start, count } = layout.doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    layout.switchToPage(i);
    layout.rule(MARGIN, RIGHT, FOOTER_Y - 8);
    layout.text(`${SUPPLIER.name}  ·  ${spec.reference}`, MARGIN, FOOTER_Y, STYLE.footer);
    layout.text(`Page ${i - start + 1} of ${count}`, MARGIN, FOOTER_Y, STYLE.footer, {
      width: CONTENT_WIDTH,
      align: 'right',
    });
  }
}
