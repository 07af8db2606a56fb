import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip, gzipSync, type Gzip } from 'node:zlib';
import type { SequenceState } from './catalog.js';

/**
 * A backup file: gzip, whose text is one header line (JSON, below) and then every row of every
 * table in the header's order, one JSON object a line as PostgreSQL's `row_to_json` wrote it.
 * The header is a gzip member of its own written after the rows, so it can carry their counts and
 * checksum and still be read first; `zcat` shows it all. Written with mode 600: it holds the
 * password hashes and the whole business.
 */
export const BACKUP_FORMAT = 'pharmsupply-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** The product version that wrote it (the root package.json's). */
  productVersion: string;
  /** The last migration the database had: a restore builds that schema, loads, then migrates on. */
  migration: string;
  createdAt: string;
  source: { driver: 'pglite' | 'pg'; serverVersion: string };
  tables: { name: string; columns: string[]; rows: number }[];
  sequences: SequenceState[];
  /** sha256 (hex) of the text after the header line. */
  sha256: string;
}

export type BackupProblem = 'damaged' | 'checksum' | 'format' | 'newer' | 'not-empty' | 'schema';

/** A backup that cannot be taken or restored, with a message for the person running it. */
export class BackupError extends Error {
  constructor(
    readonly problem: BackupProblem,
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

/** The row lines of a backup being written: compressed to `<file>.rows`, hashed on the way. */
export class RowWriter {
  readonly path: string;
  private readonly hash: Hash = createHash('sha256');
  private readonly gzip: Gzip = createGzip();
  private readonly out: WriteStream;
  private readonly done: Promise<void>;

  constructor(file: string) {
    this.path = `${file}.rows`;
    this.out = createWriteStream(this.path, { mode: 0o600 });
    this.done = pipeline(this.gzip, this.out);
  }

  /** Appends rows (each a line of JSON without line breaks), waiting while the disk catches up. */
  async write(rows: string[]): Promise<void> {
    if (rows.length === 0) return;
    const text = `${rows.join('\n')}\n`;
    this.hash.update(text);
    if (!this.gzip.write(text)) await once(this.gzip, 'drain');
  }

  /** Closes the file; the rows' checksum. */
  async finish(): Promise<string> {
    this.gzip.end();
    await this.done;
    return this.hash.digest('hex');
  }

  async discard(): Promise<void> {
    this.gzip.destroy();
    await this.done.catch(() => undefined);
    await rm(this.path, { force: true });
  }
}

/** Puts the header before the rows and moves the whole into place at once. */
export async function assembleBackup(
  file: string,
  header: BackupHeader,
  rows: RowWriter,
): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await writeFile(partial, gzipSync(`${JSON.stringify(header)}\n`), { mode: 0o600 });
    await pipeline(createReadStream(rows.path), createWriteStream(partial, { flags: 'a' }));
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
    await rm(rows.path, { force: true });
  }
}

/** The decompressed lines of a file, as bytes without their line break. */
async function* lines(file: string): AsyncGenerator<Buffer> {
  let pending: Buffer = Buffer.alloc(0);
  try {
    for await (const chunk of createReadStream(file).pipe(
      createGunzip(),
    ) as AsyncIterable<Buffer>) {
      let data = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let end = data.indexOf(0x0a);
      while (end >= 0) {
        yield data.subarray(0, end);
        data = data.subarray(end + 1);
        end = data.indexOf(0x0a);
      }
      pending = data;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    throw new BackupError(
      'damaged',
      `${file} is damaged or not a backup (${(error as Error).message})`,
    );
  }
  if (pending.length) yield pending;
}

function parseHeader(file: string, line: Buffer | undefined): BackupHeader {
  let header: Partial<BackupHeader> | undefined;
  try {
    header = line ? (JSON.parse(line.toString('utf8')) as Partial<BackupHeader>) : undefined;
  } catch {
    // Not JSON: not one of ours.
  }
  if (header?.format !== BACKUP_FORMAT) {
    throw new BackupError('format', `${file} is not a PharmSupply backup`);
  }
  if ((header.formatVersion ?? 0) > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      'newer',
      `${file} was written by PharmSupply ${header.productVersion} in a newer backup format (${header.formatVersion}); update PharmSupply to restore it`,
    );
  }
  return header as BackupHeader;
}

/** The header alone: reads only the file's first line. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const reader = lines(file);
  try {
    const first = await reader.next();
    return parseHeader(file, first.done ? undefined : first.value);
  } finally {
    await reader.return(undefined);
  }
}

/**
 * Reads the whole file and checks it against its header: the rows' checksum and their count.
 * Nothing is loaded from a file that fails here.
 */
export async function verifyBackup(file: string): Promise<BackupHeader> {
  const reader = lines(file);
  const first = await reader.next();
  const header = parseHeader(file, first.done ? undefined : first.value);
  const hash = createHash('sha256');
  let count = 0;
  for await (const line of reader) {
    hash.update(line);
    hash.update('\n');
    count++;
  }
  const expected = header.tables.reduce((sum, table) => sum + table.rows, 0);
  if (hash.digest('hex') !== header.sha256 || count !== expected) {
    throw new BackupError(
      'checksum',
      `${file} does not match its checksum: it was changed or damaged after it was written`,
    );
  }
  return header;
}

/** The row lines after the header, in the header's table order. */
export async function* backupRows(file: string): AsyncGenerator<string> {
  let header = true;
  for await (const line of lines(file)) {
    if (header) header = false;
    else yield line.toString('utf8');
  }
}
