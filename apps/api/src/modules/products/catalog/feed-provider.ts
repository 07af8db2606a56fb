import { open } from 'node:fs/promises';
import path from 'node:path';
import { DomainError } from '../../../lib/domain-error.js';
import type { AppConfig } from '../../../config.js';
import type { HeavyWork } from '../../../lib/workers/pool.js';
import { parseFeed, readFeedWith, type FeedChunks, type FeedFormat } from './parse.js';
import { providerSlug, type CatalogFeed, type CatalogProvider } from './provider.js';

/** A slow or stuck provider must not hold the import (and its HTTP request) forever. */
const FETCH_TIMEOUT_MS = 60_000;
/** Ten times the largest catalogue we know of (10,000 products with 50,000 variants as CSV). */
export const MAX_FEED_BYTES = 64 * 1024 * 1024;

function formatOf(location: string, contentType?: string | null): FeedFormat | undefined {
  const type = contentType?.split(';', 1)[0]?.trim().toLowerCase();
  if (type === 'application/json' || type?.endsWith('+json')) return 'json';
  if (type === 'text/csv') return 'csv';
  const extension = path.extname(location.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  if (extension === '.json') return 'json';
  if (extension === '.csv') return 'csv';
  return undefined;
}

/**
 * A response's body as chunks (none without a body); stopping early cancels the download. Read
 * through a reader because the web app type-checks this file with the DOM typings, in which a
 * ReadableStream is not async iterable.
 */
async function* bodyChunks(body: ReadableStream<Uint8Array> | null): FeedChunks {
  if (!body) return;
  const reader = body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
  } finally {
    await reader.cancel();
  }
}

/** The chunks in one buffer of their own (so that it can be handed to a worker thread). */
async function readAll(chunks: FeedChunks): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    parts.push(chunk);
    size += chunk.byteLength;
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.byteLength;
  }
  return all;
}

/**
 * The provider that ships with the product: a JSON or CSV feed (catalog/parse.ts) read from an
 * http(s) URL or a file, both set by CATALOG_FEED. The format follows the content type or the
 * extension, else the content. The feed is downloaded here and parsed by `parse`: the server's
 * worker threads (catalogProvider), this thread where no server runs.
 */
export class FeedProvider implements CatalogProvider {
  readonly slug: string;

  constructor(
    readonly name: string,
    private readonly location: string,
    private readonly parse: typeof parseFeed = parseFeed,
  ) {
    this.slug = providerSlug(name);
  }

  async fetch(): Promise<CatalogFeed> {
    const { chunks, format } = await this.open();
    return this.parse(await readAll(chunks), format);
  }

  private async open(): Promise<{ chunks: FeedChunks; format: FeedFormat | undefined }> {
    if (!this.location) throw this.unavailable('no catalogue feed is configured (CATALOG_FEED)');
    if (/^https?:\/\//i.test(this.location)) {
      let response: Response;
      try {
        response = await fetch(this.location, {
          signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
          headers: { accept: 'application/json, text/csv;q=0.9, */*;q=0.5' },
          // A redirect could point the server at an address of its own network (SSRF).
          redirect: 'manual',
        });
      } catch (cause) {
        throw this.unavailable('the feed did not answer', cause);
      }
      if (response.status >= 300 && response.status < 400) {
        throw this.unavailable(
          `the feed answered a redirect (${response.status}), which is not followed`,
        );
      }
      if (!response.ok) throw this.unavailable(`the feed answered ${response.status}`);
      if (Number(response.headers.get('content-length') ?? 0) > MAX_FEED_BYTES) {
        await response.body?.cancel();
        throw this.tooLarge();
      }
      return {
        chunks: this.capped(bodyChunks(response.body), 'the feed broke off'),
        format: formatOf(this.location, response.headers.get('content-type')),
      };
    }
    try {
      // Opened here, not when first read, so that a missing file says so.
      const file = await open(this.location);
      return {
        chunks: this.capped(file.createReadStream(), 'the feed file cannot be read'),
        format: formatOf(this.location),
      };
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      throw this.unavailable(
        code === 'ENOENT' ? 'the feed file does not exist' : 'the feed file cannot be read',
        cause,
      );
    }
  }

  /**
   * The feed's chunks as they arrive, refused as soon as they add up to more than MAX_FEED_BYTES.
   * Leaving the loop early cancels the body (or closes the file): nothing more is read.
   */
  private async *capped(chunks: AsyncIterable<Uint8Array>, failure: string): FeedChunks {
    let size = 0;
    try {
      for await (const chunk of chunks) {
        size += chunk.byteLength;
        if (size > MAX_FEED_BYTES) break;
        yield chunk;
      }
    } catch (cause) {
      throw this.unavailable(failure, cause);
    }
    if (size > MAX_FEED_BYTES) throw this.tooLarge();
  }

  private tooLarge(): DomainError {
    return this.unavailable(`the feed is larger than ${MAX_FEED_BYTES / 1024 / 1024} MiB`);
  }

  private unavailable(reason: string, cause?: unknown): DomainError {
    return new DomainError('UPSTREAM', `Could not read the ${this.name} catalogue: ${reason}`, [], {
      cause,
    });
  }
}

export function catalogProvider(
  config: Pick<AppConfig, 'catalogProviderName' | 'catalogFeed'>,
  heavyWork: HeavyWork,
): CatalogProvider {
  return new FeedProvider(config.catalogProviderName, config.catalogFeed, readFeedWith(heavyWork));
}
