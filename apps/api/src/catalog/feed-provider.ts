import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DomainError } from '../lib/domain-error.js';
import type { AppConfig } from '../config.js';
import { parseFeed, type FeedFormat } from './parse.js';
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
 * The provider that ships with the product: a JSON or CSV feed (catalog/parse.ts) read from an
 * http(s) URL or a file, both set by CATALOG_FEED. The format follows the content type or the
 * extension, else the content.
 */
export class FeedProvider implements CatalogProvider {
  readonly slug: string;

  constructor(
    readonly name: string,
    private readonly location: string,
  ) {
    this.slug = providerSlug(name);
  }

  async fetch(): Promise<CatalogFeed> {
    const { text, format } = await this.read();
    return parseFeed(text, format);
  }

  private async read(): Promise<{ text: string; format: FeedFormat | undefined }> {
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
      return {
        text: await this.readCapped(response),
        format: formatOf(this.location, response.headers.get('content-type')),
      };
    }
    try {
      return { text: await readFile(this.location, 'utf8'), format: formatOf(this.location) };
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      throw this.unavailable(
        code === 'ENOENT' ? 'the feed file does not exist' : 'the feed file cannot be read',
        cause,
      );
    }
  }

  /** The body as text, refused as soon as it grows past MAX_FEED_BYTES. */
  private async readCapped(response: Response): Promise<string> {
    const tooLarge = () =>
      this.unavailable(`the feed is larger than ${MAX_FEED_BYTES / 1024 / 1024} MiB`);
    if (Number(response.headers.get('content-length') ?? 0) > MAX_FEED_BYTES) {
      await response.body?.cancel();
      throw tooLarge();
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    try {
      for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
        size += read.value.byteLength;
        if (size > MAX_FEED_BYTES) {
          await reader?.cancel();
          throw tooLarge();
        }
        chunks.push(read.value);
      }
    } catch (cause) {
      if (size > MAX_FEED_BYTES) throw cause;
      throw this.unavailable('the feed broke off', cause);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  private unavailable(reason: string, cause?: unknown): DomainError {
    return new DomainError('UPSTREAM', `Could not read the ${this.name} catalogue: ${reason}`, [], {
      cause,
    });
  }
}

export function catalogProvider(
  config: Pick<AppConfig, 'catalogProviderName' | 'catalogFeed'>,
): CatalogProvider {
  return new FeedProvider(config.catalogProviderName, config.catalogFeed);
}
