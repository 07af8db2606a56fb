import type { Readable } from 'node:stream';
import type { Permission } from '@pharm/validators/roles';
import type { z } from 'zod';
import type { createCaller } from '../../root.js';
import { csvStream, type CsvDownload } from '../csv/csv.js';
import type { HeavyWork } from '../workers/pool.js';

export type Caller = ReturnType<typeof createCaller>;

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
export interface FileRoute<Input extends z.ZodType = z.ZodType> {
  /** In Fastify's form: '/api/orders/:id/download'. */
  path: string;
  summary: string;
  type: keyof typeof FILE_TYPES;
  /**
   * What the caller's role must hold, checked by the REST adapter before anything is read; the
   * procedures `send` calls check their own permissions as well.
   */
  permission: Permission;
  /**
   * Shown in the browser rather than saved (the web opens invoices and statements in a new tab,
   * spec §2); the file name still names what "Save" writes.
   */
  inline?: true;
  /**
   * Its path parameters and query string, as a procedure's input: the REST adapter reads them by
   * this schema's fields (numbers and booleans from their text) and hands them to `send`
   * unchecked, since the procedures `send` calls check them; the API document describes them.
   */
  input?: Input;
  send(caller: Caller, input: z.input<Input>, heavyWork: HeavyWork): Promise<FileDownload>;
}

/** A file route, its `send` typed by its input schema. */
export const fileRoute = <Input extends z.ZodType>(route: FileRoute<Input>): FileRoute<Input> =>
  route;

export const defineFiles = (routes: FileRoute[]): readonly FileRoute[] => routes;

/** A CSV export as a download: its rows stream as the response drains. */
export const csvDownload = (download: CsvDownload): FileDownload => ({
  filename: download.filename,
  body: csvStream(download),
});
