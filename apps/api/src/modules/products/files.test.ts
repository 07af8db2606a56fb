import { text } from 'node:stream/consumers';
import {
  fromCents,
  PRODUCT_CATEGORIES,
  productWithVariantsSchema,
  type ProductWithVariantsData,
} from '@pharm/validators';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFeed } from './catalog/parse.js';
import { guardCell, unguardCell } from '../../lib/csv/cells.js';
import { csvStream, rowsOf, type Cell } from '../../lib/csv/csv.js';
import { PRODUCT_COLUMNS, productRows } from './files.js';

/**
 * Text made mostly of what matters to a CSV reader and a spreadsheet: line breaks, quotes,
 * separators, formula signs, white space, apostrophes, digits, and any other character.
 */
const csvUnit = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '\r',
      '\n',
      '\r\n',
      '"',
      ',',
      ';',
      '=',
      '+',
      '-',
      '@',
      '\t',
      ' ',
      '\u00a0',
      "'",
      '.',
      '1',
      '0',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
);
const csvString = (maxLength = 30) => fc.string({ unit: csvUnit, maxLength });

/** Where a spreadsheet may start a cell inside a value: its start, and after CR, LF or ';'. */
const cellStarts = (value: string) => value.split(/(?<=[\r\n;])/);
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?[\r\n;]?$/;

/**
 * A file as the exports write it, and its cells as a CSV reader gets them back; like a
 * spreadsheet, the reader ends a row at any line break outside quotes.
 */
async function roundTrip(columns: string[], rows: Cell[][]) {
  const file = await text(csvStream({ filename: 'x.csv', columns, rows: rowsOf(rows) }));
  const [header, ...records] = parse(file, {
    bom: true,
    record_delimiter: ['\r\n', '\n', '\r'],
  }) as string[][];
  return { file, header, records };
}

describe('guardCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example")', `'=HYPERLINK("http://evil.example")`],
    ['+1 (555) 010-0000', `'+1 (555) 010-0000`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A9)', `'@SUM(A1:A9)`],
    ['\tcmd', `'\tcmd`],
    ['\rcmd', `'\rcmd`],
    ['\ncmd', `'\ncmd`],
    ['  =1+1', `'  =1+1`],
    ['\u00a0-1+1', `'\u00a0-1+1`],
    ["Acme\n=cmd|' /C calc'!A0", "Acme\n'=cmd|' /C calc'!A0"],
    ["Acme\r=cmd|' /C calc'!A0", "Acme\r'=cmd|' /C calc'!A0"],
    ['Acme\r\n@x', "Acme\r\n'@x"],
    ["Acme;=cmd|' /C calc'!A0", "Acme;'=cmd|' /C calc'!A0"],
    ['Items:\n - vials', "Items:\n' - vials"],
    ["'=1+1", "''=1+1"],
    ["''\t", "'''\t"],
  ])('puts an apostrophe where a spreadsheet would read a formula: %j', (value, guarded) => {
    expect(guardCell(value)).toBe(guarded);
  });

  it.each([
    '-12.50',
    '-3',
    '12.50',
    'Net 30',
    "'Twas",
    "'",
    "'-12.50",
    'a-b=c',
    'Line 1\r\nLine 2',
    'x;-4',
    'Dock\n\nB',
    '',
  ])('leaves a value no spreadsheet runs as it is: %j', (value) => {
    expect(guardCell(value)).toBe(value);
  });

  it('leaves no cell start that reads as a formula, only plain numbers', () => {
    fc.assert(
      fc.property(csvString(), (value) => {
        cellStarts(guardCell(value)).forEach((start, index) => {
          if (!PLAIN_NUMBER.test(start)) expect(start).not.toMatch(/^(?:\t|[^\S\r\n]*[=+\-@])/);
          if (index === 0) expect(start).not.toMatch(/^[\r\n]/);
        });
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('unguardCell', () => {
  it('gives back exactly what guardCell was given', () => {
    fc.assert(
      fc.property(csvString(), (value) => {
        expect(unguardCell(guardCell(value))).toBe(value);
      }),
      { numRuns: 5_000 },
    );
  });

  it('keeps an apostrophe the guard would not have put', () => {
    expect(unguardCell("'Twas")).toBe("'Twas");
    expect(unguardCell("'-12.50")).toBe("'-12.50");
    expect(unguardCell("a;'b")).toBe("a;'b");
    expect(unguardCell("''=1")).toBe("'=1");
  });
});

describe('csvStream', () => {
  it('quotes every cell holding a CR or LF, so one row stays one row', async () => {
    const { file, records } = await roundTrip(
      ['name', 'notes'],
      [
        ["Acme\n=cmd|' /C calc'!A0", 'lone\rCR'],
        ['x', 'y'],
      ],
    );
    expect(file).toContain(`"Acme\n'=cmd|' /C calc'!A0","lone\rCR"\r\nx,y\r\n`);
    expect(records).toEqual([
      ["Acme\n'=cmd|' /C calc'!A0", 'lone\rCR'],
      ['x', 'y'],
    ]);
  });

  it('writes any cells so that a CSV reader gets each row and, unguarded, each value back', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(csvString(), { minLength: 3, maxLength: 3 }), { maxLength: 5 }),
        async (rows) => {
          const { header, records } = await roundTrip(['a', 'b', 'c'], rows);
          expect(header).toEqual(['a', 'b', 'c']);
          expect(records.map((r) => r.map(unguardCell))).toEqual(rows);
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** Any product the product form's schema accepts, as it is stored (trimmed, prices normalised). */
const acceptedProduct = fc
  .record({
    sku: csvString(20),
    name: csvString(),
    category: fc.constantFrom(...PRODUCT_CATEGORIES),
    defaultPrice: fc.integer({ min: 0, max: 9_999_999_999 }).map(fromCents),
    active: fc.boolean(),
    variants: fc.array(
      fc.record({
        variantSku: csvString(20),
        size: fc.option(csvString()),
        color: fc.option(csvString()),
        material: fc.option(csvString()),
        sterile: fc.boolean(),
        packageQty: fc.integer({ min: 1, max: 1_000_000 }),
        defaultPrice: fc.integer({ min: 0, max: 9_999_999_999 }).map(fromCents),
        notes: fc.option(csvString(60)),
      }),
      { maxLength: 3 },
    ),
  })
  .map((input) => productWithVariantsSchema.safeParse(input))
  .filter((result) => result.success)
  .map((result) => result.data as ProductWithVariantsData);

describe('the products export read back by the catalogue import', () => {
  it('gives every accepted product back unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(acceptedProduct, async (product) => {
        const file = await text(
          csvStream({
            filename: 'products.csv',
            columns: PRODUCT_COLUMNS,
            rows: rowsOf(productRows(product)),
          }),
        );
        const feed = await parseFeed(file, 'csv');
        expect(feed.errors).toEqual([]);
        const { row: _row, ...read } = feed.products[0]!;
        expect({ ...read, variants: read.variants.map(({ row: _r, ...v }) => v) }).toEqual({
          ...product,
          variants: product.variants.map(({ id: _id, ...v }) => v),
        });
      }),
      { numRuns: 400 },
    );
  });
});
