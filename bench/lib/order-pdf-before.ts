/**
 * The order PDF as apps/api rendered it before the PDF kit (commit 72383b6, orders.pdf.ts),
 * kept unchanged as the baseline that bench/orders.ts measures the kit against.
 */
import type { renderOrderPdf as renderWithKit } from '@pharm/api';
import { formatDate, formatUsd } from '@pharm/validators';
import PDFDocument from 'pdfkit';

type OrderDetails = Parameters<typeof renderWithKit>[0];

/** The supplier printed on every order document. */
const SUPPLIER = {
  name: 'PharmSupply',
  tagline: 'Pharmaceutical Compounding Supplies',
  address: ['1250 Commerce Park Drive, Suite 400', 'Columbus, OH 43228'],
  phone: '(614) 555-0100',
  email: 'orders@pharmsupply.com',
};

const PAGE = { width: 612, height: 792 }; // US Letter, points
const MARGIN = 50;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
/** Content stops here; below it is the footer. */
const CONTENT_BOTTOM = PAGE.height - 70;
const FOOTER_Y = PAGE.height - 45;

const COLOR = {
  brand: '#0b4f6c',
  text: '#1f2933',
  muted: '#616e7c',
  rule: '#cbd2d9',
  headerFill: '#0b4f6c',
  stripe: '#f3f6f9',
};

const STATUS_COLOR: Record<string, string> = {
  Draft: '#616e7c',
  Sent: '#1d4ed8',
  Fulfilled: '#15803d',
  Cancelled: '#b91c1c',
};

/**
 * The built-in PDF fonts only have the WinAnsi characters (Latin-1 plus curly quotes, dashes, €);
 * anything else would print as unrelated glyphs, so it prints as '?' instead.
 */
function printable(text: string): string {
  return text
    .replace(/\t/g, ' ')
    .replace(/[^\n\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu, '?');
}

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
  value: (line: OrderDetails['lineItems'][number]) => string;
}

const COLUMNS: Column[] = [
  { label: 'Product SKU', width: 78, align: 'left', value: (l) => printable(l.productSku ?? '—') },
  { label: 'Variant', width: 98, align: 'left', value: (l) => printable(l.variantSku ?? '—') },
  { label: 'Description', width: 166, align: 'left', value: (l) => printable(l.description) },
  { label: 'Qty', width: 40, align: 'right', value: (l) => l.qty.toLocaleString('en-US') },
  { label: 'Unit Price', width: 64, align: 'right', value: (l) => formatUsd(l.unitPrice) },
  { label: 'Total', width: 66, align: 'right', value: (l) => formatUsd(l.lineTotal) },
];
const CELL_PAD = 5;
const TABLE_FONT = 8.5;

interface PdfOptions {
  /** Deflate the page streams (default true); tests may read the raw text without it. */
  compress?: boolean;
}

/**
 * The order as a US Letter purchase order: supplier header, order facts, bill-to and ship-to,
 * the line items (header row repeated on each page), total, notes and 'Page X of Y'.
 */
export function renderOrderPdf(order: OrderDetails, options: PdfOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    // Pages are broken by hand; the bottom margin only keeps pdfkit from adding pages itself.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 20 },
    bufferPages: true,
    compress: options.compress ?? true,
    info: {
      Title: `Purchase Order ${order.orderNumber}`,
      Author: SUPPLIER.name,
      Subject: `Order for ${order.pharmacy.name}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = drawFirstPageHeader(doc, order);
  y = drawParties(doc, order, y + 18);
  y = drawLineItems(doc, order, y + 22);
  y = drawTotals(doc, order, y + 10);
  y = drawNotes(doc, order, y + 18);
  drawClosing(doc, order, y + 22);
  drawFooters(doc, order);

  doc.end();
  return done;
}

function drawFirstPageHeader(doc: PDFKit.PDFDocument, order: OrderDetails): number {
  const top = MARGIN;
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(COLOR.brand)
    .text(SUPPLIER.name, MARGIN, top, { lineBreak: false });
  doc.font('Helvetica').fontSize(9).fillColor(COLOR.muted);
  const lines = [SUPPLIER.tagline, ...SUPPLIER.address, `${SUPPLIER.phone}  ·  ${SUPPLIER.email}`];
  lines.forEach((line, i) => doc.text(line, MARGIN, top + 28 + i * 12, { lineBreak: false }));

  const right = PAGE.width - MARGIN;
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(COLOR.text)
    .text('PURCHASE ORDER', right - 260, top, { width: 260, align: 'right' });
  const facts: [string, string][] = [
    ['Order #', order.orderNumber],
    ['Date', formatDate(order.orderDate)],
    ['Status', order.status],
    ['Ship via', order.shipMethod ?? 'Not specified'],
  ];
  facts.forEach(([label, value], i) => {
    const rowY = top + 28 + i * 14;
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(COLOR.muted)
      .text(label, right - 230, rowY, { width: 80, align: 'right', lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor(label === 'Status' ? (STATUS_COLOR[value] ?? COLOR.text) : COLOR.text)
      .text(value, right - 140, rowY, { width: 140, align: 'right', lineBreak: false });
  });

  const ruleY = top + 28 + facts.length * 14 + 8;
  doc.moveTo(MARGIN, ruleY).lineTo(right, ruleY).lineWidth(1.5).strokeColor(COLOR.brand).stroke();
  return ruleY;
}

/** Bill To and Ship To side by side; returns the y below the taller box. */
function drawParties(doc: PDFKit.PDFDocument, order: OrderDetails, top: number): number {
  const pharmacy = {
    name: printable(order.pharmacy.name),
    contactName: order.pharmacy.contactName && printable(order.pharmacy.contactName),
    email: printable(order.pharmacy.email),
    phone: order.pharmacy.phone && printable(order.pharmacy.phone),
    shippingAddress: order.pharmacy.shippingAddress && printable(order.pharmacy.shippingAddress),
    billingAddress: order.pharmacy.billingAddress && printable(order.pharmacy.billingAddress),
  };
  const gap = 20;
  const boxWidth = (CONTENT_WIDTH - gap) / 2;
  const contact = [
    pharmacy.contactName && `Attn: ${pharmacy.contactName}`,
    pharmacy.email,
    pharmacy.phone,
  ].filter((line): line is string => !!line);
  const boxes: [string, string[]][] = [
    [
      'BILL TO',
      [
        pharmacy.billingAddress ?? pharmacy.shippingAddress ?? 'No billing address on file',
        ...contact,
      ],
    ],
    ['SHIP TO', [pharmacy.shippingAddress ?? 'No shipping address on file', ...contact]],
  ];
  let bottom = top;
  boxes.forEach(([title, lines], i) => {
    const x = MARGIN + i * (boxWidth + gap);
    doc
      .font('Helvetica-Bold')
      .fontSize(8)
      .fillColor(COLOR.muted)
      .text(title, x, top, { characterSpacing: 0.8, lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(COLOR.text)
      .text(pharmacy.name, x, top + 14, { width: boxWidth });
    doc.font('Helvetica').fontSize(9.5).fillColor(COLOR.text);
    for (const line of lines) doc.text(line, x, doc.y + 2, { width: boxWidth });
    bottom = Math.max(bottom, doc.y);
  });
  return bottom;
}

function drawTableHeader(doc: PDFKit.PDFDocument, y: number): number {
  const height = 20;
  doc.rect(MARGIN, y, CONTENT_WIDTH, height).fill(COLOR.headerFill);
  let x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor('#ffffff');
  for (const column of COLUMNS) {
    doc.text(column.label, x + CELL_PAD, y + 6, {
      width: column.width - 2 * CELL_PAD,
      align: column.align,
      lineBreak: false,
    });
    x += column.width;
  }
  return y + height;
}

/** The slim header of continuation pages, so a loose page still says whose order it is. */
function drawContinuationHeader(doc: PDFKit.PDFDocument, order: OrderDetails): number {
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(COLOR.brand)
    .text(SUPPLIER.name, MARGIN, MARGIN, { lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(
      `Purchase Order ${order.orderNumber} (continued)  ·  ${printable(order.pharmacy.name)}`,
      MARGIN + 160,
      MARGIN + 2,
      {
        width: CONTENT_WIDTH - 160,
        align: 'right',
        lineBreak: false,
      },
    );
  const ruleY = MARGIN + 18;
  doc
    .moveTo(MARGIN, ruleY)
    .lineTo(PAGE.width - MARGIN, ruleY)
    .lineWidth(1)
    .strokeColor(COLOR.brand)
    .stroke();
  return ruleY + 12;
}

function rowHeight(doc: PDFKit.PDFDocument, line: OrderDetails['lineItems'][number]): number {
  doc.font('Helvetica').fontSize(TABLE_FONT);
  const tallest = Math.max(
    ...COLUMNS.map((column) =>
      doc.heightOfString(column.value(line), { width: column.width - 2 * CELL_PAD }),
    ),
  );
  return tallest + 2 * CELL_PAD;
}

function drawLineItems(doc: PDFKit.PDFDocument, order: OrderDetails, top: number): number {
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(COLOR.text)
    .text('Line Items', MARGIN, top, { lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(
      `${order.lineItems.length} lines  ·  ${order.itemCount.toLocaleString('en-US')} items`,
      MARGIN,
      top + 1,
      {
        width: CONTENT_WIDTH,
        align: 'right',
        lineBreak: false,
      },
    );
  let y = drawTableHeader(doc, top + 16);
  order.lineItems.forEach((line, index) => {
    const height = rowHeight(doc, line);
    if (y + height > CONTENT_BOTTOM) {
      doc.addPage();
      y = drawTableHeader(doc, drawContinuationHeader(doc, order));
    }
    if (index % 2 === 1) doc.rect(MARGIN, y, CONTENT_WIDTH, height).fill(COLOR.stripe);
    let x = MARGIN;
    doc.font('Helvetica').fontSize(TABLE_FONT).fillColor(COLOR.text);
    for (const column of COLUMNS) {
      doc.text(column.value(line), x + CELL_PAD, y + CELL_PAD, {
        width: column.width - 2 * CELL_PAD,
        align: column.align,
      });
      x += column.width;
    }
    y += height;
    doc
      .moveTo(MARGIN, y)
      .lineTo(PAGE.width - MARGIN, y)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
  });
  return y;
}

/** Subtotal and total under the Total column; moves to a new page when they do not fit. */
function drawTotals(doc: PDFKit.PDFDocument, order: OrderDetails, top: number): number {
  const height = 46;
  let y = top;
  if (y + height > CONTENT_BOTTOM) y = drawContinuationHeader(doc.addPage(), order);
  const width = 220;
  const x = PAGE.width - MARGIN - width;
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(COLOR.muted)
    .text('Subtotal', x + 8, y, { width: 100, lineBreak: false });
  doc
    .fillColor(COLOR.text)
    .text(formatUsd(order.subtotal), x + 110, y, { width: 102, align: 'right', lineBreak: false });
  doc
    .moveTo(x, y + 16)
    .lineTo(x + width, y + 16)
    .lineWidth(0.75)
    .strokeColor(COLOR.rule)
    .stroke();
  doc.rect(x, y + 21, width, 24).fill(COLOR.stripe);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(COLOR.text)
    .text('Order Total (USD)', x + 8, y + 28, { width: 120, lineBreak: false });
  doc.fillColor(COLOR.brand).text(formatUsd(order.total), x + 110, y + 28, {
    width: 102,
    align: 'right',
    lineBreak: false,
  });
  return y + height;
}

function drawNotes(doc: PDFKit.PDFDocument, order: OrderDetails, top: number): number {
  if (!order.notes) return top;
  doc.font('Helvetica').fontSize(9.5);
  const textHeight = doc.heightOfString(printable(order.notes), { width: CONTENT_WIDTH });
  let y = top;
  // Long notes may run onto further pages; short ones are kept whole on one page.
  if (y + Math.min(textHeight, 120) + 24 > CONTENT_BOTTOM)
    y = drawContinuationHeader(doc.addPage(), order);
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(COLOR.muted)
    .text('NOTES', MARGIN, y, { characterSpacing: 0.8, lineBreak: false });
  return writeFlowing(doc, order, printable(order.notes), y + 16);
}

/** Contact line and sign-off fields, as on a paper purchase order. */
function drawClosing(doc: PDFKit.PDFDocument, order: OrderDetails, top: number): void {
  const height = 60;
  const y = top + height > CONTENT_BOTTOM ? drawContinuationHeader(doc.addPage(), order) : top;
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(COLOR.muted)
    .text(
      `All amounts in US dollars. Please quote ${order.orderNumber} on all correspondence and shipping documents. ` +
        `Questions about this order: ${SUPPLIER.email} or ${SUPPLIER.phone}.`,
      MARGIN,
      y,
      { width: CONTENT_WIDTH },
    );
  const lineY = y + 48;
  const fieldWidth = (CONTENT_WIDTH - 40) / 2;
  ['Authorized by', 'Date'].forEach((label, i) => {
    const x = MARGIN + i * (fieldWidth + 40);
    doc
      .moveTo(x, lineY)
      .lineTo(x + fieldWidth, lineY)
      .lineWidth(0.75)
      .strokeColor(COLOR.muted)
      .stroke();
    doc
      .fontSize(8)
      .fillColor(COLOR.muted)
      .text(label, x, lineY + 4, { lineBreak: false });
  });
}

/** Text that may be longer than a page: written line by line, breaking pages by hand. */
function writeFlowing(
  doc: PDFKit.PDFDocument,
  order: OrderDetails,
  text: string,
  top: number,
): number {
  doc.font('Helvetica').fontSize(9.5).fillColor(COLOR.text);
  let y = top;
  for (const paragraph of text.split(/\r?\n/)) {
    const height = doc.heightOfString(paragraph || ' ', { width: CONTENT_WIDTH });
    if (y + height > CONTENT_BOTTOM) {
      y = drawContinuationHeader(doc.addPage(), order);
      doc.font('Helvetica').fontSize(9.5).fillColor(COLOR.text);
    }
    doc.text(paragraph || ' ', MARGIN, y, { width: CONTENT_WIDTH });
    y = doc.y;
  }
  return y;
}

function drawFooters(doc: PDFKit.PDFDocument, order: OrderDetails): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    doc
      .moveTo(MARGIN, FOOTER_Y - 8)
      .lineTo(PAGE.width - MARGIN, FOOTER_Y - 8)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.font('Helvetica').fontSize(8).fillColor(COLOR.muted);
    doc.text(`${SUPPLIER.name}  ·  Purchase Order ${order.orderNumber}`, MARGIN, FOOTER_Y, {
      lineBreak: false,
    });
    doc.text(`Page ${i - start + 1} of ${count}`, MARGIN, FOOTER_Y, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
  }
}
