import type { Pharmacy } from '@pharm/db';
import type { Block } from './document.js';
import type { Layout } from './layout.js';
import {
  COLOR,
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  MARGIN,
  paletteColor,
  RIGHT,
  STYLE,
} from './theme.js';

/** A party of the document: BILL TO, SHIP TO, REMIT TO. */
export interface Party {
  title: string;
  name: string;
  /** Address and contact lines; empty ones are left out. */
  lines: (string | null | undefined | false)[];
}

/** The parties side by side, each with its title, name and lines. */
export function parties(...list: Party[]): Block {
  const gap = 20;
  const width = (CONTENT_WIDTH - gap * (list.length - 1)) / list.length;
  const linesOf = (party: Party) => party.lines.filter((line): line is string => !!line);
  return {
    gap: 18,
    draw(layout, top) {
      const height = Math.max(
        ...list.map(
          (party) =>
            14 +
            layout.heightOf(party.name, STYLE.name, width) +
            linesOf(party).reduce(
              (sum, line) => sum + 2 + layout.heightOf(line, STYLE.body, width),
              0,
            ),
        ),
      );
      const y = layout.fit(top, height);
      let bottom = y;
      list.forEach((party, i) => {
        const x = MARGIN + i * (width + gap);
        layout.text(party.title, x, y, STYLE.label);
        let lineY = layout.text(party.name, x, y + 14, STYLE.name, { width });
        for (const line of linesOf(party)) {
          lineY = layout.text(line, x, lineY + 2, STYLE.body, { width });
        }
        bottom = Math.max(bottom, lineY);
      });
      return bottom;
    },
  };
}

/** The pharmacy a document is addressed to. */
export type Addressee = Pick<
  Pharmacy,
  'name' | 'contactName' | 'email' | 'phone' | 'billingAddress' | 'shippingAddress'
>;

const contactLines = (to: Addressee) => [
  to.contactName && `Attn: ${to.contactName}`,
  to.email,
  to.phone,
];

/** BILL TO: the billing address (the shipping one when there is none) and whom to ask. */
export function billTo(to: Addressee): Party {
  return {
    title: 'BILL TO',
    name: to.name,
    lines: [
      to.billingAddress ?? to.shippingAddress ?? 'No billing address on file',
      ...contactLines(to),
    ],
  };
}

/** SHIP TO: the shipping address and whom to ask. */
export function shipTo(to: Addressee): Party {
  return {
    title: 'SHIP TO',
    name: to.name,
    lines: [to.shippingAddress ?? 'No shipping address on file', ...contactLines(to)],
  };
}

export interface Column<Row> {
  label: string;
  /** Points; at most one column leaves it out and takes the width the others leave. */
  width?: number;
  align?: 'left' | 'right';
  value: (row: Row) => string;
}

export interface TableSpec<Row> {
  /** Above the table on the left, e.g. 'Line Items'. */
  title?: string;
  /** Above the table on the right, e.g. '12 lines · 40 items'. */
  caption?: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  /** Printed in place of the rows when there are none. */
  empty?: string;
}

const CELL_PAD = 5;
const HEADER_HEIGHT = 20;

/**
 * Rows under a header row; a row that does not fit goes to a new page, where the header row is
 * drawn again. Cells wrap within their column.
 */
export function table<Row>(spec: TableSpec<Row>): Block {
  const fixed = spec.columns.reduce((sum, column) => sum + (column.width ?? 0), 0);
  const columns = spec.columns.map((column) => ({
    ...column,
    width: column.width ?? CONTENT_WIDTH - fixed,
    inner: (column.width ?? CONTENT_WIDTH - fixed) - 2 * CELL_PAD,
  }));

  function drawHeader(layout: Layout, y: number): number {
    layout.fill(MARGIN, y, CONTENT_WIDTH, HEADER_HEIGHT, COLOR.headerFill);
    let x = MARGIN;
    for (const column of columns) {
      layout.text(column.label, x + CELL_PAD, y + 6, STYLE.headerCell, {
        width: column.inner,
        align: column.align,
      });
      x += column.width;
    }
    return y + HEADER_HEIGHT;
  }

  const cellsOf = (row: Row) => columns.map((column) => column.value(row));
  const heightOf = (layout: Layout, cells: string[]) =>
    Math.max(...cells.map((cell, i) => layout.heightOf(cell, STYLE.cell, columns[i]!.inner))) +
    2 * CELL_PAD;

  return {
    gap: 22,
    draw(layout, top) {
      const titleHeight = spec.title || spec.caption ? 16 : 0;
      const first = spec.rows[0];
      const firstHeight = first ? heightOf(layout, cellsOf(first)) : 20;
      // The title and the header row stay with the first row.
      let y = layout.fit(top, titleHeight + HEADER_HEIGHT + firstHeight);
      if (spec.title) layout.text(spec.title, MARGIN, y, STYLE.heading);
      if (spec.caption) {
        layout.text(spec.caption, MARGIN, y + 1, STYLE.muted, {
          width: CONTENT_WIDTH,
          align: 'right',
        });
      }
      y = drawHeader(layout, y + titleHeight);
      if (!first && spec.empty) {
        y = layout.text(spec.empty, MARGIN + CELL_PAD, y + CELL_PAD, STYLE.muted) + CELL_PAD;
        layout.rule(MARGIN, RIGHT, y);
        return y;
      }
      spec.rows.forEach((row, index) => {
        const cells = cellsOf(row);
        const height = heightOf(layout, cells);
        if (y + height > CONTENT_BOTTOM) y = drawHeader(layout, layout.newPage());
        if (index % 2 === 1) layout.fill(MARGIN, y, CONTENT_WIDTH, height, COLOR.stripe);
        let x = MARGIN;
        cells.forEach((cell, i) => {
          const column = columns[i]!;
          layout.text(cell, x + CELL_PAD, y + CELL_PAD, STYLE.cell, {
            width: column.inner,
            align: column.align,
          });
          x += column.width;
        });
        y += height;
        layout.rule(MARGIN, RIGHT, y);
      });
      return y;
    },
  };
}

export interface TotalRow {
  label: string;
  value: string;
  /** The sums that matter (order total, balance due): larger, on a shaded band. */
  strong?: boolean;
}

/** A titled text left of the totals, in the room they leave (an invoice's payment instructions). */
export interface Aside {
  title: string;
  text: string;
}

/**
 * Amounts right-aligned under the table's last columns: subtotal, tax, shipping, total, paid,
 * balance due. A strong row after plain ones has a rule above it. An `aside` is written on the
 * left, level with the first row, and the two are kept on one page.
 */
export function totals(rows: TotalRow[], aside?: Aside): Block {
  const width = 220;
  const x = RIGHT - width;
  const asideWidth = CONTENT_WIDTH - width - 30;
  const PLAIN = 16;
  const STRONG = 25;
  /** Space above row i: a rule between plain rows and a strong one, air below a strong one. */
  const above = (i: number) => {
    const previous = rows[i - 1];
    if (!previous || previous.strong === rows[i]!.strong) return 0;
    return rows[i]!.strong ? 5 : 4;
  };
  return {
    gap: 10,
    draw(layout, top) {
      const rowsHeight = rows.reduce(
        (sum, row, i) => sum + above(i) + (row.strong ? STRONG : PLAIN),
        0,
      );
      const asideHeight = aside ? 16 + layout.heightOf(aside.text, STYLE.body, asideWidth) : 0;
      let y = layout.fit(top, Math.max(rowsHeight, asideHeight));
      let asideBottom = y;
      if (aside) {
        layout.text(aside.title, MARGIN, y, STYLE.label);
        asideBottom = layout.text(aside.text, MARGIN, y + 16, STYLE.body, { width: asideWidth });
      }
      rows.forEach((row, i) => {
        if (row.strong && above(i)) layout.rule(x, x + width, y, 0.75);
        y += above(i);
        if (row.strong) {
          layout.fill(x, y, width, STRONG - 1, COLOR.stripe);
          layout.text(row.label, x + 8, y + 7, STYLE.name, { width: 120 });
          layout.text(row.value, x + 110, y + 7, STYLE.total, { width: 102, align: 'right' });
          y += STRONG;
        } else {
          layout.text(row.label, x + 8, y, STYLE.bodyMuted, { width: 100 });
          layout.text(row.value, x + 110, y, STYLE.body, { width: 102, align: 'right' });
          y += PLAIN;
        }
      });
      return Math.max(y, asideBottom);
    },
  };
}

/**
 * A titled text of any length (notes, payment instructions), written paragraph by paragraph onto
 * further pages when long; a short one is kept whole on one page. Without text only the gap is
 * left, so what follows stands as far apart from what precedes as it would from the notes.
 */
export function notes(title: string, text: string | null | undefined): Block {
  return {
    gap: 18,
    draw(layout, top) {
      if (!text) return top;
      const textHeight = layout.heightOf(text, STYLE.body, CONTENT_WIDTH);
      let y = layout.fit(top, Math.min(textHeight, 120) + 24);
      layout.text(title, MARGIN, y, STYLE.label);
      y += 16;
      for (const paragraph of text.split(/\r\n?|\n/)) {
        const line = paragraph || ' ';
        const height = layout.heightOf(line, STYLE.body, CONTENT_WIDTH);
        if (y + height > CONTENT_BOTTOM) y = layout.newPage();
        y = layout.text(line, MARGIN, y, STYLE.body, { width: CONTENT_WIDTH });
      }
      return y;
    },
  };
}

/** The small print at the end, and sign-off lines as on a paper form when `signatures` are given. */
export function closing(text: string, signatures: string[] = []): Block {
  return {
    gap: 22,
    draw(layout, top) {
      const textHeight = layout.heightOf(text, STYLE.small, CONTENT_WIDTH);
      const height = signatures.length ? 60 : textHeight;
      const y = layout.fit(top, height);
      layout.text(text, MARGIN, y, STYLE.small, { width: CONTENT_WIDTH });
      if (!signatures.length) return y + textHeight;
      const lineY = y + 48;
      const fieldGap = 40;
      const fieldWidth = (CONTENT_WIDTH - fieldGap * (signatures.length - 1)) / signatures.length;
      signatures.forEach((label, i) => {
        const x = MARGIN + i * (fieldWidth + fieldGap);
        layout.rule(x, x + fieldWidth, lineY, 0.75, COLOR.muted);
        layout.text(label, x, lineY + 4, STYLE.footer);
      });
      return y + height;
    },
  };
}

export interface FactItem {
  label: string;
  value: string;
}

/**
 * Labelled values in a grid of `columns` per row, under an optional title; e.g. an invoice's
 * product information (lot, tray, nest, case size), or `empty` when there is none.
 */
export function facts(
  items: FactItem[],
  { title, columns = 4, empty }: { title?: string; columns?: number; empty?: string } = {},
): Block {
  const width = CONTENT_WIDTH / columns;
  const rows: FactItem[][] = [];
  for (let i = 0; i < items.length; i += columns) rows.push(items.slice(i, i + columns));
  const rowHeight = (layout: Layout, row: FactItem[]) =>
    12 + Math.max(...row.map((item) => layout.heightOf(item.value, STYLE.strong, width - 10))) + 6;
  return {
    gap: 18,
    draw(layout, top) {
      let y = top;
      if (title) {
        const first = rows[0] ? rowHeight(layout, rows[0]) : 14;
        y = layout.fit(y, 16 + first);
        layout.text(title, MARGIN, y, STYLE.label);
        y += 16;
      }
      if (!rows.length && empty) return layout.text(empty, MARGIN, y, STYLE.muted);
      for (const row of rows) {
        const height = rowHeight(layout, row);
        y = layout.fit(y, height);
        row.forEach((item, i) => {
          const x = MARGIN + i * width;
          layout.text(item.label, x, y, STYLE.footer, { width: width - 10 });
          layout.text(item.value, x, y + 12, STYLE.strong, { width: width - 10 });
        });
        y += height;
      }
      return y;
    },
  };
}

export interface BoxItem {
  label: string;
  value: string;
  /** A palette name for the value, e.g. red for what is over 90 days. */
  color?: string;
}

/** A row of framed figures, e.g. a statement's aging: Current, 31–60, 61–90, Over 90 days. */
export function boxes(items: BoxItem[], { title }: { title?: string } = {}): Block {
  const gap = 10;
  const height = 46;
  const width = (CONTENT_WIDTH - gap * (items.length - 1)) / items.length;
  return {
    gap: 18,
    draw(layout, top) {
      let y = layout.fit(top, (title ? 16 : 0) + height);
      if (title) {
        layout.text(title, MARGIN, y, STYLE.label);
        y += 16;
      }
      items.forEach((item, i) => {
        const x = MARGIN + i * (width + gap);
        layout.box(x, y, width, height, COLOR.stripe, COLOR.rule);
        layout.text(item.label, x + 10, y + 9, STYLE.footer, { width: width - 20 });
        const figure = { ...STYLE.figure, color: paletteColor(item.color) };
        layout.text(item.value, x + 10, y + 23, figure, { width: width - 20, align: 'right' });
      });
      return y + height;
    },
  };
}
