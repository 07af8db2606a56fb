import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  flattenIssues,
  PRODUCT_CATEGORIES,
  productFormVariantSchema,
  productSchema,
  type FieldIssue,
  type ImportRowError,
} from '@pharm/validators';
import { CsvError, parse } from 'csv-parse';
import { z } from 'zod';
import { unguardCell } from '../../../lib/csv/cells.js';
import type { CatalogFeed, CatalogProduct, CatalogVariant } from './provider.js';
import { defineJob } from '../../../lib/workers/jobs.js';
import type { HeavyWork } from '../../../lib/workers/pool.js';

/*
 * Catalogue feed formats (JSON or CSV), turned into validated products with their variants.
 *
 * CSV: one row per variant, the product columns repeated on each of its rows; a header row names
 * the columns (any case; '_', '-' and spaces ignored, so `default_price`, `defaultPrice` and
 * `Default Price` are the same column). Unknown columns are refused, so a misspelt one is not
 * silently dropped.
 *   sku            product SKU (required)
 *   name           product name (required)
 *   category       Vial, Stopper, Seal, Cap, Syringe, Cartridge, API or Peptide (required)
 *   default_price  product price, e.g. 12.50 (required)
 *   active         true/false/yes/no/1/0; empty keeps an existing product's flag (new: active)
 *   controlled_schedule   the product's DEA schedule (II, IIN, III, IIIN, IV, V); empty: none
 *   bulk_substance        true/false/yes/no/1/0; empty is false
 *   variant_sku    empty for a product without variants (then the variant columns stay empty)
 *   size, color, material   free text
 *   sterile        true/false/yes/no/1/0; empty is false
 *   package_qty    whole number ≥ 1; empty is 1
 *   variant_price  empty is the product's default_price
 *   notes          free text
 *   variant_controlled_schedule, variant_bulk_substance   the variant's own; empty: none, false
 * Row numbers in errors are the CSV's line numbers (the header is line 1).
 *
 * JSON: `{ "products": [ { sku, name, category, defaultPrice, active?, variants: [ { variantSku,
 * size?, color?, material?, sterile?, packageQty?, defaultPrice?, notes?, controlledSchedule?,
 * bulkSubstance? } ], controlledSchedule?, bulkSubstance? } ] }` or the bare
 * array, with the same defaults. Row numbers are the product's position in the array (from 1).
 */

export type FeedFormat = 'json' | 'csv';

/** At most this many row errors are listed; a last entry counts the rest. */
const MAX_LISTED_ERRORS = 100;

/** 'vials', 'VIAL' and 'Vial' are the category Vial: feeds seldom match our spelling exactly. */
function feedCategory(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  return (
    PRODUCT_CATEGORIES.find((c) => c.toLowerCase() === text || `${c.toLowerCase()}s` === text) ??
    value
  );
}

/**
 * Unlike the product form, an import may leave `active` out (an existing product keeps its flag),
 * and a wrong category names the allowed ones instead of the form's 'Category is required'.
 */
const feedProductSchema = productSchema.extend({
  category: z.preprocess(
    feedCategory,
    z.enum(PRODUCT_CATEGORIES, {
      error: `Category must be one of ${PRODUCT_CATEGORIES.join(', ')}`,
    }),
  ),
  active: z.boolean({ error: 'Active must be true or false' }).optional(),
});
const feedVariantSchema = productFormVariantSchema.omit({ id: true });

const CSV_COLUMNS = {
  sku: 'sku',
  name: 'name',
  category: 'category',
  defaultprice: 'defaultPrice',
  active: 'active',
  variantsku: 'variantSku',
  size: 'size',
  color: 'color',
  colour: 'color',
  material: 'material',
  sterile: 'sterile',
  packageqty: 'packageQty',
  variantprice: 'variantPrice',
  notes: 'notes',
  controlledschedule: 'controlledSchedule',
  bulksubstance: 'bulkSubstance',
  variantcontrolledschedule: 'variantControlledSchedule',
  variantbulksubstance: 'variantBulkSubstance',
} as const;
type CsvField = (typeof CSV_COLUMNS)[keyof typeof CSV_COLUMNS];
const REQUIRED_CSV_FIELDS: CsvField[] = ['sku', 'name', 'category', 'defaultPrice'];

/** How CSV users know the fields: by their column names. */
const CSV_LABELS: Record<string, string> = {
  defaultPrice: 'default_price',
  variantSku: 'variant_sku',
  packageQty: 'package_qty',
  controlledSchedule: 'controlled_schedule',
  bulkSubstance: 'bulk_substance',
};

/** A feed's bytes as they arrive: a response body, a file, or an upload in one chunk. */
export type FeedChunks = AsyncIterable<Uint8Array>;

/**
 * Reads a feed as it arrives; the format is sniffed from its first characters when the caller
 * cannot tell. CSV is parsed chunk by chunk; JSON is read whole, as JSON.parse needs it.
 */
export async function readFeed(chunks: FeedChunks, format?: FeedFormat): Promise<CatalogFeed> {
  const input = chunks[Symbol.asyncIterator]();
  // Sniffing reads up to the first character that is not white space (TextDecoder drops a BOM).
  const head: Uint8Array[] = [];
  const decoder = new TextDecoder();
  let start = '';
  while (!format) {
    const next = await input.next();
    if (next.done) break;
    head.push(next.value);
    start += decoder.decode(next.value, { stream: true });
    if (/\S/.test(start)) format = /^\s*[[{]/.test(start) ? 'json' : 'csv';
  }
  // yield* hands an early stop on to the source, which then stops downloading or reading.
  const all = (async function* () {
    yield* head;
    yield* { [Symbol.asyncIterator]: () => input };
  })();
  const feed = format === 'json' ? parseJsonFeed(await readText(all)) : await parseCsvFeed(all);
  return { products: feed.products, errors: capErrors(feed.errors) };
}

/**
 * A feed already whole: an uploaded CSV (its text, inside the JSON request body) or a downloaded
 * feed's bytes. It is read like a feed.
 */
export function parseFeed(content: string | Uint8Array, format?: FeedFormat): Promise<CatalogFeed> {
  const bytes =
    typeof content === 'string'
      ? Buffer.from(content)
      : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  return readFeed(Readable.from([bytes]), format);
}

/** The whole text, without a BOM (TextDecoder drops it). */
async function readText(chunks: FeedChunks): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return new TextDecoder().decode(Buffer.concat(parts));
}

export function capErrors(errors: ImportRowError[]): ImportRowError[] {
  if (errors.length <= MAX_LISTED_ERRORS) return errors;
  const rest = errors.length - MAX_LISTED_ERRORS;
  return [
    ...errors.slice(0, MAX_LISTED_ERRORS),
    {
      row: errors[MAX_LISTED_ERRORS]!.row,
      message: `…and ${rest} more error${rest === 1 ? '' : 's'} not listed`,
    },
  ];
}

function describeIssues(issues: FieldIssue[], labels: Record<string, string> = {}): string {
  return issues
    .map((issue) => {
      const path = issue.path
        .map((part) => (typeof part === 'string' ? (labels[part] ?? part) : part))
        .join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

function toVariant(row: number, data: z.output<typeof feedVariantSchema>): CatalogVariant {
  return {
    row,
    variantSku: data.variantSku,
    size: data.size,
    color: data.color,
    material: data.material,
    sterile: data.sterile,
    packageQty: data.packageQty,
    defaultPrice: data.defaultPrice,
    notes: data.notes,
    controlledSchedule: data.controlledSchedule,
    bulkSubstance: data.bulkSubstance,
  };
}

// ---------------------------------------------------------------- JSON

function parseJsonFeed(text: string): CatalogFeed {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return {
      products: [],
      errors: [{ row: 0, message: `The feed is not valid JSON: ${(error as Error).message}` }],
    };
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { products?: unknown } | null)?.products;
  if (!Array.isArray(list)) {
    return {
      products: [],
      errors: [
        {
          row: 0,
          message: 'The feed must be a list of products or an object with a "products" list',
        },
      ],
    };
  }

  const products: CatalogProduct[] = [];
  const errors: ImportRowError[] = [];
  list.forEach((raw: unknown, index) => {
    const row = index + 1;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      errors.push({ row, message: 'A product must be an object' });
      return;
    }
    const item = raw as Record<string, unknown>;
    const product = feedProductSchema.safeParse(item);
    const label = typeof item.sku === 'string' && item.sku.trim() ? `SKU ${item.sku.trim()}: ` : '';
    const rawVariants = item.variants ?? [];
    const rowErrors: string[] = [];
    if (!product.success) rowErrors.push(describeIssues(flattenIssues(product.error.issues)));
    if (!Array.isArray(rawVariants)) rowErrors.push('variants: must be a list');

    const variants: CatalogVariant[] = [];
    if (Array.isArray(rawVariants)) {
      rawVariants.forEach((rawVariant: unknown, vIndex) => {
        const input =
          typeof rawVariant === 'object' && rawVariant !== null
            ? (rawVariant as Record<string, unknown>)
            : {};
        const variant = feedVariantSchema.safeParse({
          ...input,
          packageQty: input.packageQty ?? 1,
          defaultPrice: input.defaultPrice ?? item.defaultPrice,
        });
        if (variant.success) variants.push(toVariant(row, variant.data));
        else {
          const issues = flattenIssues(variant.error.issues).map((i) => ({
            ...i,
            path: ['variants', vIndex + 1, ...i.path],
          }));
          rowErrors.push(describeIssues(issues));
        }
      });
    }

    if (rowErrors.length || !product.success) {
      errors.push({ row, message: label + rowErrors.join('; ') });
      return;
    }
    products.push({ row, ...product.data, variants });
  });
  return checkDuplicates(products, errors, 'position');
}

// ---------------------------------------------------------------- CSV

interface CsvRecord {
  /** Line on which the record starts (a quoted field may span lines). */
  line: number;
  fields: string[];
}

const LINE_BREAKS = /\r\n|\r|\n/g;

/**
 * RFC 4180 through csv-parse's stream, fed chunk by chunk (it carries a record, a line ending or a
 * character split between chunks over to the next): fields in double quotes may hold commas,
 * quotes ("") and line breaks. Lenient where spreadsheets are: any line ending (even mixed), a
 * stray quote inside an unquoted field is kept as text, blank lines are skipped, the row length is
 * checked by the caller. Errors of the source itself (a feed too large, a broken download) are
 * thrown, not reported as a row.
 */
export async function parseCsv(
  chunks: FeedChunks,
): Promise<{ records: CsvRecord[]; error?: ImportRowError }> {
  const records: CsvRecord[] = [];
  let lastLine = 0;
  // csv-parse counts a \r\n inside a quoted field as two lines, and so every line after it.
  let doubled = 0;
  const parser = parse({
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    // Records are collected here, as they are parsed, so that `lastLine` is exact when an error
    // stops the stream; nothing is passed on downstream.
    on_record: (fields: string[], context) => {
      let breaks = 0;
      for (const field of fields) {
        breaks += field.match(LINE_BREAKS)?.length ?? 0;
        doubled += field.match(/\r\n/g)?.length ?? 0;
      }
      // `lines` is where the record ends; it started as many lines earlier as its fields break.
      lastLine = context.lines - doubled;
      records.push({ line: lastLine - breaks, fields });
      return null;
    },
  });
  try {
    await pipeline(chunks, parser);
  } catch (cause) {
    if (!(cause instanceof CsvError)) throw cause;
    const message =
      cause.code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'A quoted field is not closed'
        : `The CSV file cannot be read: ${cause.message}`;
    return { records, error: { row: lastLine + 1, message } };
  }
  return { records };
}

function csvBoolean(value: string): boolean | string | undefined {
  const text = value.trim().toLowerCase();
  if (text === '') return undefined;
  if (['true', 'yes', 'y', '1'].includes(text)) return true;
  if (['false', 'no', 'n', '0'].includes(text)) return false;
  return value;
}

function csvInteger(value: string): number | string {
  const text = value.trim();
  if (text === '') return 1;
  return /^\d{1,9}$/.test(text) ? Number(text) : value;
}

async function parseCsvFeed(chunks: FeedChunks): Promise<CatalogFeed> {
  const { records, error } = await parseCsv(chunks);
  if (error) return { products: [], errors: [error] };
  const [header, ...rows] = records;
  if (!header)
    return { products: [], errors: [{ row: 1, message: 'The CSV file has no header row' }] };

  const columns: CsvField[] = [];
  const headerErrors: string[] = [];
  for (const name of header.fields) {
    const field =
      CSV_COLUMNS[
        name
          .trim()
          .toLowerCase()
          .replace(/[\s_-]+/g, '') as keyof typeof CSV_COLUMNS
      ];
    if (!field) headerErrors.push(`unknown column "${name}"`);
    else if (columns.includes(field)) headerErrors.push(`column "${name}" appears twice`);
    else columns.push(field);
  }
  const missing = REQUIRED_CSV_FIELDS.filter((field) => !columns.includes(field));
  if (missing.length)
    headerErrors.push(
      `missing column${missing.length > 1 ? 's' : ''} ${missing.map((f) => CSV_LABELS[f] ?? f).join(', ')}`,
    );
  if (headerErrors.length)
    return {
      products: [],
      errors: [{ row: header.line, message: `Header: ${headerErrors.join('; ')}` }],
    };

  const products = new Map<string, CatalogProduct>();
  const errors: ImportRowError[] = [];
  for (const record of rows) {
    const row = record.line;
    if (record.fields.length !== columns.length) {
      errors.push({
        row,
        message: `The row has ${record.fields.length} fields; the header has ${columns.length}`,
      });
      continue;
    }
    const cell: Partial<Record<CsvField, string>> = {};
    // Without the apostrophes the CSV exports put before what reads as a formula (exports/csv.ts),
    // so that an exported catalogue uploaded again reads as it was.
    columns.forEach((field, index) => (cell[field] = unguardCell(record.fields[index]!)));

    const product = feedProductSchema.safeParse({
      sku: cell.sku,
      name: cell.name,
      category: cell.category,
      defaultPrice: cell.defaultPrice,
      active: csvBoolean(cell.active ?? ''),
      controlledSchedule: cell.controlledSchedule?.trim().toUpperCase() || null,
      bulkSubstance: csvBoolean(cell.bulkSubstance ?? '') ?? false,
    });
    const variantCells = [
      cell.variantSku,
      cell.size,
      cell.color,
      cell.material,
      cell.sterile,
      cell.packageQty,
      cell.variantPrice,
      cell.notes,
      cell.variantControlledSchedule,
      cell.variantBulkSubstance,
    ];
    const hasVariant = variantCells.some((value) => value !== undefined && value.trim() !== '');
    const variant = hasVariant
      ? feedVariantSchema.safeParse({
          variantSku: cell.variantSku,
          size: cell.size,
          color: cell.color,
          material: cell.material,
          sterile: csvBoolean(cell.sterile ?? '') ?? false,
          packageQty: csvInteger(cell.packageQty ?? ''),
          defaultPrice: cell.variantPrice?.trim() ? cell.variantPrice : cell.defaultPrice,
          notes: cell.notes,
          controlledSchedule: cell.variantControlledSchedule?.trim().toUpperCase() || null,
          bulkSubstance: csvBoolean(cell.variantBulkSubstance ?? '') ?? false,
        })
      : undefined;

    const issues = [
      ...(product.success ? [] : flattenIssues(product.error.issues)),
      ...(variant && !variant.success
        ? flattenIssues(variant.error.issues).map(csvVariantIssue)
        : []),
    ];
    if (issues.length || !product.success) {
      errors.push({ row, message: describeIssues(issues, CSV_LABELS) });
      continue;
    }

    let entry = products.get(product.data.sku);
    if (!entry) {
      entry = { row, ...product.data, variants: [] };
      products.set(entry.sku, entry);
    } else if (
      entry.name !== product.data.name ||
      entry.category !== product.data.category ||
      entry.defaultPrice !== product.data.defaultPrice ||
      entry.active !== product.data.active
    ) {
      errors.push({
        row,
        message: `The product columns of SKU ${entry.sku} differ from row ${entry.row}`,
      });
      continue;
    }
    if (variant?.success) entry.variants.push(toVariant(row, variant.data));
  }
  return checkDuplicates([...products.values()], errors, 'row');
}

/** A variant's price came from variant_price (or default_price when that is empty). */
function csvVariantIssue(issue: FieldIssue): FieldIssue {
  return issue.path[0] === 'defaultPrice'
    ? { ...issue, path: ['variant_price', ...issue.path.slice(1)] }
    : issue;
}

/**
 * A SKU may appear once per feed: a product SKU twice in JSON (CSV groups rows by SKU), or a
 * variant SKU twice anywhere. The later occurrence is the error.
 */
function checkDuplicates(
  products: CatalogProduct[],
  errors: ImportRowError[],
  where: 'row' | 'position',
): CatalogFeed {
  const productRows = new Map<string, number>();
  const variantRows = new Map<string, number>();
  const kept: CatalogProduct[] = [];
  const all = [...errors];
  for (const product of products) {
    const firstRow = productRows.get(product.sku);
    if (firstRow !== undefined) {
      all.push({
        row: product.row,
        message: `SKU ${product.sku} already appears at ${where} ${firstRow}`,
      });
      continue;
    }
    productRows.set(product.sku, product.row);
    let ok = true;
    for (const variant of product.variants) {
      const seen = variantRows.get(variant.variantSku);
      if (seen !== undefined) {
        all.push({
          row: variant.row,
          message: `Variant SKU ${variant.variantSku} already appears at ${where} ${seen}`,
        });
        ok = false;
      } else {
        variantRows.set(variant.variantSku, variant.row);
      }
    }
    if (ok) kept.push(product);
  }
  return { products: kept, errors: all.sort((a, b) => a.row - b.row) };
}

/**
 * A whole feed read on a worker thread: an uploaded CSV's text (40,000 rows hold the event loop
 * for seconds) or a downloaded feed's bytes, which are handed over rather than copied.
 */
export const feedJob = defineJob(
  'products.feed',
  ({ content, format }: { content: string | Uint8Array; format?: FeedFormat }) =>
    parseFeed(content, format),
);

/** Reads a feed with `heavyWork`'s threads. */
export const readFeedWith =
  (heavyWork: HeavyWork) => (content: string | Uint8Array, format?: FeedFormat) =>
    heavyWork.run(
      feedJob,
      { content, format },
      typeof content === 'string' ? [] : [content.buffer as ArrayBuffer],
    );
