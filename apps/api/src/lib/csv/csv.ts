import { Readable, pipeline } from 'node:stream';
import type { Page } from '@pharm/validators';
import { stringify } from 'csv-stringify';
import { guardCell } from './cells.js';

export type Cell = string | number | boolean | null | undefined;

/** A CSV file as rows produced on demand: nothing holds the whole file. */
export interface CsvDownload {
  filename: string;
  columns: readonly string[];
  rows: AsyncIterable<Cell[]>;
}

/** Rows asked of a list procedure at a time: its largest page. */
export const EXPORT_PAGE_SIZE = 200;

/**
 * A cell as text a spreadsheet will not run: an apostrophe goes in front of every place a
 * spreadsheet may start reading a cell that looks like a formula (guardCell, cells.ts),
 * while a plain number such as a negative amount stays a number. Booleans are 'true'/'false', as
 * the catalogue import reads them.
 */
export function csvText(value: Cell): string {
  if (value === null || value === undefined) return '';
  return guardCell(String(value));
}

/**
 * The rows of every page of a list, fetched one page at a time as the response drains. The first
 * page is fetched before this returns, so a bad filter or a signed-out caller fails the request
 * with its status before any byte of the file is sent.
 */
export async function pagedRows<T, Cursor>(
  fetchPage: (cursor: Cursor | null) => Promise<Page<T, Cursor>>,
  toRows: (item: T) => Cell[][],
): Promise<AsyncIterable<Cell[]>> {
  const first = await fetchPage(null);
  return (async function* () {
    let page = first;
    for (;;) {
      for (const item of page.items) yield* toRows(item);
      if (page.nextCursor === null) return;
      page = await fetchPage(page.nextCursor);
    }
  })();
}

/** Rows already in hand (a handful, such as the aging buckets) as a row source. */
export async function* rowsOf(rows: Cell[][]): AsyncIterable<Cell[]> {
  yield* rows;
}

/**
 * The file as a stream: UTF-8 with a byte order mark (so spreadsheets read accents right), a
 * header row, CRLF line ends, quoting where RFC 4180 needs it and also around every cell holding
 * a CR or LF of its own (csv-stringify quotes only the record delimiter's CRLF, so a lone LF
 * would start a new row), a tab or a ';' (which readers splitting on those keep in the cell when
 * it is quoted). Backpressure reaches the row source, so a slow client slows the database reads
 * instead of filling memory.
 */
export function csvStream(download: CsvDownload): Readable {
  const out = stringify({
    bom: true,
    header: true,
    columns: [...download.columns],
    record_delimiter: 'windows',
    quoted_match: /[\r\n\t;]/,
  });
  const source = Readable.from(
    (async function* () {
      for await (const row of download.rows) yield row.map(csvText);
    })(),
  );
  // A failure half-way destroys the output, which aborts the response rather than ending a
  // file that looks complete.
  pipeline(source, out, () => undefined);
  return out;
}

/** `name-YYYY-MM-DD.csv`, today's date in the server's time zone. */
export function csvFilename(name: string, today: string): string {
  return `${name}-${today}.csv`;
}
