import type { Readable } from 'node:stream';
import type { createCaller } from '../../root.js';
import { csvStream, type CsvDownload } from '../csv/csv.js';
import type { HeavyWork } from '../workers/pool.js';

export type Caller = ReturnType<typeof createCaller>;

/** The parts of a GET request a file route reads: path parameters and the query string. */
export interface FileRequest {
  params: Record<string, string>;
  query: Record<string, string | undefined>;
}

/** A rendered document, an export's rows or a file on disk, sent as an attachment. */
export interface FileDownload {
  filename: string;
  body: Buffer | Readable;
}

export const FILE_TYPES = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  gzip: 'application/gzip',
} as const;

/**
 * A GET path that answers a file (a PDF, a CSV export, a backup): binary, so not a tRPC
 * procedure. It loads what it sends through the procedures (`caller`), so the same session check,
 * validation and 404 apply, and renders on the worker threads (`heavyWork`).
 */
export interface FileRoute {
  /** In Fastify's form: '/api/orders/:id/download'. */
  path: string;
  summary: string;
  type: keyof typeof FILE_TYPES;
  /**
   * Shown in the browser rather than saved (the web opens invoices and statements in a new tab,
   * spec §2); the file name still names what "Save" writes.
   */
  inline?: true;
  send: (caller: Caller, req: FileRequest, heavyWork: HeavyWork) => Promise<FileDownload>;
}

export const defineFiles = (routes: FileRoute[]): readonly FileRoute[] => routes;

/** A CSV export as a download: its rows stream as the response drains. */
export const csvDownload = (download: CsvDownload): FileDownload => ({
  filename: download.filename,
  body: csvStream(download),
});

/** A path id: only digits count, so '1e3' or '1.5' are refused by the schema like 'abc'. */
export const pathId = (req: FileRequest) =>
  /^\d{1,10}$/.test(req.params.id ?? '') ? Number(req.params.id) : Number.NaN;

/** Query-string numbers, for the schemas to check. */
export const queryNumber = (value: string | undefined) =>
  value === undefined ? undefined : /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;

/** Query-string booleans: 'true' and 'false', anything else for the schema to refuse. */
export const queryFlag = (value: string | undefined) =>
  value === undefined ? undefined : value === 'true' ? true : value === 'false' ? false : value;
