import { readFileSync, writeFileSync, mkdtempSync, rmSync, truncateSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { FeedProvider, MAX_FEED_BYTES } from '../src/modules/products/catalog/feed-provider.js';
import {
  parseCsv,
  parseFeed,
  readFeed,
  type FeedChunks,
} from '../src/modules/products/catalog/parse.js';
import { providerSlug } from '../src/modules/products/catalog/provider.js';
import { startTestApp, type Client, type TestApp } from './helpers.js';

const SAMPLE_PATH = loadConfig({}).catalogFeed;
const sample = JSON.parse(readFileSync(SAMPLE_PATH, 'utf8')) as {
  products: { sku: string; category: string; variants: unknown[] }[];
};
const sampleVariants = sample.products.reduce((n, p) => n + p.variants.length, 0);

const HEADER =
  'sku,name,category,default_price,active,variant_sku,size,color,material,sterile,package_qty,variant_price,notes';

/** A CSV feed of `products` products with `variants` variants each: products × variants rows. */
function generatedCsv(products: number, variants: number, prefix = 'GEN', price = '10.00'): string {
  const lines = [HEADER];
  for (let p = 1; p <= products; p += 1) {
    for (let v = 1; v <= variants; v += 1) {
      lines.push(
        `${prefix}-${p},Generated product ${p},Vial,${price},,${prefix}-${p}-V${v},${v * 2}R,Clear,Borosilicate Type I glass,${v % 2 === 0},100,,`,
      );
    }
  }
  return lines.join('\n');
}

/** The UTF-8 bytes of `text` as a stream, cut at the given byte offsets. */
function chunks(text: string, ...cuts: number[]): FeedChunks {
  const bytes = Buffer.from(text);
  const ends = [...cuts, bytes.length];
  return Readable.from(ends.map((end, i) => bytes.subarray(i === 0 ? 0 : ends[i - 1], end)));
}

/** Every byte its own chunk. */
function byteByByte(text: string): FeedChunks {
  return chunks(text, ...Array.from({ length: Buffer.byteLength(text) - 1 }, (_, i) => i + 1));
}

let dir: string;
let feedPath: string;
let t: TestApp;
let c: Client;

async function trpc(procedure: string, input?: unknown) {
  const res = await c.post(`/trpc/${procedure}`, input === undefined ? undefined : { json: input });
  if (res.status !== 200) throw new Error(`${procedure}: ${res.status} ${res.text}`);
  return res.body.result.data.json;
}

async function counts() {
  const products = await t.db
    .selectFrom('products')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const variants = await t.db
    .selectFrom('productVariants')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { products: Number(products.n), variants: Number(variants.n) };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'catalog-test-'));
  feedPath = path.join(dir, 'feed.json');
  t = await startTestApp({ catalogFeed: feedPath, catalogProviderName: 'MedSupply Direct' });
  c = await t.signedIn();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.db.deleteFrom('products').execute();
  writeFileSync(feedPath, readFileSync(SAMPLE_PATH));
});

describe('the shipped sample feed', () => {
  it('has at least 40 valid products, covering all eight categories', async () => {
    expect(sample.products.length).toBeGreaterThanOrEqual(40);
    expect(new Set(sample.products.map((p) => p.category))).toEqual(
      new Set(['Vial', 'Stopper', 'Seal', 'Cap', 'Syringe', 'Cartridge', 'API', 'Peptide']),
    );
    const parsed = await parseFeed(readFileSync(SAMPLE_PATH, 'utf8'));
    expect(parsed.errors).toEqual([]);
    expect(parsed.products).toHaveLength(sample.products.length);
  });

  it('imports through POST /api/import/{provider}: created = N, then unchanged = N', async () => {
    const first = await c.post('/api/import/medsupply-direct');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      created: sample.products.length,
      updated: 0,
      unchanged: 0,
      variants: { created: sampleVariants, updated: 0, unchanged: 0 },
      errors: [],
    });
    expect(await counts()).toEqual({ products: sample.products.length, variants: sampleVariants });
    const logged = await t.db
      .selectFrom('activityLog')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where(sql<boolean>`details->>'provider' is not null`)
      .executeTakeFirstOrThrow();
    expect(Number(logged.n)).toBeGreaterThanOrEqual(sample.products.length);

    const second = await c.post('/api/import/medsupply-direct');
    expect(second.body).toEqual({
      created: 0,
      updated: 0,
      unchanged: sample.products.length,
      variants: { created: 0, updated: 0, unchanged: sampleVariants },
      errors: [],
    });
  });

  it('answers 404 for another provider, and names the configured one', async () => {
    expect((await c.post('/api/import/acme-supplies')).status).toBe(404);
    const res = await c.get('/trpc/products.importProvider');
    expect(res.body.result.data.json).toEqual({
      name: 'MedSupply Direct',
      slug: 'medsupply-direct',
    });
    expect(providerSlug('  Acme & Sons, Inc. ')).toBe('acme-sons-inc');
  });

  it('counts a changed product and a changed variant as updated, and keeps a product without "active" as it was', async () => {
    await c.post('/api/import/medsupply-direct');
    const [first] = sample.products as any[];
    const { id } = await t.db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', first.sku)
      .executeTakeFirstOrThrow();
    await c.put(`/api/products/${id}`, { active: false });

    const changed = structuredClone(sample) as any;
    changed.products[0].name = 'Renamed by the provider';
    changed.products[1].variants[0].defaultPrice = '99.99';
    writeFileSync(feedPath, JSON.stringify(changed));
    const res = await c.post('/api/import/medsupply-direct');
    expect(res.body).toMatchObject({
      created: 0,
      updated: 1,
      unchanged: sample.products.length - 1,
      variants: { created: 0, updated: 1, unchanged: sampleVariants - 1 },
    });
    const row = await t.db
      .selectFrom('products')
      .select(['name', 'active'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Renamed by the provider', active: false });
  });

  it('reports 502 when the feed cannot be read', async () => {
    rmSync(feedPath);
    const res = await c.post('/api/import/medsupply-direct');
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(
      'Could not read the MedSupply Direct catalogue: the feed file does not exist',
    );
  });
});

describe('malformed feeds: row errors, nothing written', () => {
  it('reports the bad row of a JSON feed and writes nothing', async () => {
    const broken = structuredClone(sample) as any;
    broken.products[4].variants[1].packageQty = 0;
    broken.products[9].category = 'Glassware';
    writeFileSync(feedPath, JSON.stringify(broken));
    const res = await c.post('/api/import/medsupply-direct');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 0, updated: 0, unchanged: 0 });
    expect(res.body.errors).toEqual([
      {
        row: 5,
        message: `SKU ${broken.products[4].sku}: variants.2.packageQty: Package quantity must be at least 1`,
      },
      {
        row: 10,
        message: `SKU ${broken.products[9].sku}: category: Category must be one of Vial, Stopper, Seal, Cap, Syringe, Cartridge, API, Peptide`,
      },
    ]);
    expect(await counts()).toEqual({ products: 0, variants: 0 });
  });

  it('reports the bad row of a CSV upload by line number, in the preview and the import, and writes nothing', async () => {
    const csv = [
      HEADER,
      'CSV-1,Serum vial,Vial,10.00,true,CSV-1-2R,2R,Clear,Glass,false,100,,',
      'CSV-1,Serum vial,Vial,10.00,true,CSV-1-10R,10R,Clear,Glass,maybe,100,-1,',
      'CSV-2,Stopper,Stopper,5,,CSV-2-13,13 mm,Grey,Bromobutyl,true,1000,6.50,"Siliconized, RTU"',
    ].join('\n');
    const preview = await trpc('products.previewCsv', { csv });
    expect(preview.errors).toEqual([
      {
        row: 3,
        message:
          'sterile: Sterile must be true or false; variant_price: Price must be non-negative',
      },
    ]);
    const result = await trpc('products.importCsv', { csv });
    expect(result.errors).toEqual(preview.errors);
    expect(result.created).toBe(0);
    expect(await counts()).toEqual({ products: 0, variants: 0 });
  });

  it('refuses a variant SKU that belongs to another product', async () => {
    await c.post('/api/import/medsupply-direct');
    const [first, second] = sample.products as any[];
    const csv = [
      HEADER,
      `${second.sku},"${second.name}",${second.category},1.00,,${first.variants[0].variantSku},,,,,,,`,
    ].join('\n');
    const res = await trpc('products.importCsv', { csv });
    expect(res.errors).toEqual([
      {
        row: 2,
        message: `Variant SKU ${first.variants[0].variantSku} belongs to product ${first.sku}`,
      },
    ]);
  });
});

describe('CSV upload', () => {
  it('previews without writing, then applies, then reports everything unchanged', async () => {
    const csv = generatedCsv(3, 2);
    const preview = await trpc('products.previewCsv', { csv });
    expect(preview).toEqual({
      created: 3,
      updated: 0,
      unchanged: 0,
      variants: { created: 6, updated: 0, unchanged: 0 },
      errors: [],
    });
    expect(await counts()).toEqual({ products: 0, variants: 0 });
    expect((await trpc('products.importCsv', { csv })).created).toBe(3);
    const again = await trpc('products.previewCsv', { csv: generatedCsv(3, 3) });
    expect(again).toMatchObject({
      created: 0,
      unchanged: 3,
      variants: { created: 3, unchanged: 6 },
    });
  });

  it('imports 5,000 rows in one go, idempotently', async () => {
    const csv = generatedCsv(1000, 5);
    const first = await trpc('products.importCsv', { csv });
    expect(first).toEqual({
      created: 1000,
      updated: 0,
      unchanged: 0,
      variants: { created: 5000, updated: 0, unchanged: 0 },
      errors: [],
    });
    expect(await counts()).toEqual({ products: 1000, variants: 5000 });
    const second = await trpc('products.importCsv', { csv });
    expect(second).toEqual({
      created: 0,
      updated: 0,
      unchanged: 1000,
      variants: { created: 0, updated: 0, unchanged: 5000 },
      errors: [],
    });
    const repriced = await trpc('products.importCsv', {
      csv: generatedCsv(1000, 5, 'GEN', '11.00'),
    });
    // Each variant without its own price takes the product's, so all of them change too.
    expect(repriced).toMatchObject({ updated: 1000, variants: { updated: 5000 } });
  }, 120_000);
});

describe('feed parsing', () => {
  it('reads quoted CSV fields with commas, quotes and line breaks, keeping line numbers', async () => {
    const { records } = await parseCsv(
      chunks('a,b\r\n"x, y","say ""hi"""\n"two\nlines",z\n\nlast,row'),
    );
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 3, fields: ['two\nlines', 'z'] },
      { line: 6, fields: ['last', 'row'] },
    ]);
    expect((await parseCsv(chunks('a,b\nc,"open\n'))).error).toEqual({
      row: 2,
      message: 'A quoted field is not closed',
    });
  });

  it('counts a \\r\\n inside a quoted field as one line', async () => {
    const { records } = await parseCsv(chunks('a\r\n"two\r\nlines",z\r\n"x\r\n\r\ny"\r\nlast'));
    expect(records.map((r) => r.line)).toEqual([1, 2, 4, 7]);
    expect((await parseCsv(chunks('a\r\n"two\r\nlines"\r\nb,"open'))).error?.row).toBe(4);
  });

  it('parses a CSV cut into chunks anywhere the same as the whole text', async () => {
    // A BOM, a quoted field with a comma, quotes and a line break, \r\n, \r and \n endings, blank
    // lines, a stray quote, and characters of two, three and four bytes.
    const text =
      '\uFEFFsku,name\r\n"A-1","Vial, ""2R""\r\nclear"\r\n\r\nB-2,Café 5\u00A0€ 🧪\rC-3,12" cap\n\nD-4,end';
    const whole = await parseCsv(chunks(text));
    expect(whole).toEqual({
      records: [
        { line: 1, fields: ['sku', 'name'] },
        { line: 2, fields: ['A-1', 'Vial, "2R"\r\nclear'] },
        { line: 5, fields: ['B-2', 'Café 5\u00A0€ 🧪'] },
        { line: 6, fields: ['C-3', '12" cap'] },
        { line: 8, fields: ['D-4', 'end'] },
      ],
    });
    // Every cut in two: inside the BOM, inside quotes, between \r and \n, inside a character.
    for (let cut = 1; cut < Buffer.byteLength(text); cut += 1) {
      expect(await parseCsv(chunks(text, cut)), `cut at byte ${cut}`).toEqual(whole);
    }
    expect(await parseCsv(byteByByte(text))).toEqual(whole);

    const open = 'a,b\r\nc,"open\r\nstill open';
    expect(await parseCsv(byteByByte(open))).toEqual(await parseCsv(chunks(open)));
    const csv = generatedCsv(20, 3);
    expect(await readFeed(byteByByte(csv), 'csv')).toEqual(await parseFeed(csv, 'csv'));
  });

  it('sniffs the format from the first character that is not white space, however it is cut', async () => {
    const json = '\uFEFF \r\n\t[{"sku":"A","name":"Ä","category":"Cap","defaultPrice":1}]';
    const feed = await readFeed(byteByByte(json));
    expect(feed).toEqual(await parseFeed(json));
    expect(feed.products).toMatchObject([{ sku: 'A', name: 'Ä', variants: [] }]);
    const csv = `\uFEFF${HEADER}\nA,B,Cap,1,,,,,,,,,`;
    expect(await readFeed(byteByByte(csv))).toEqual(await parseFeed(csv, 'csv'));
  });

  it('checks the header, the field count and repeated product columns', async () => {
    expect((await parseFeed('sku,name,colour,weight\n', 'csv')).errors).toEqual([
      {
        row: 1,
        message: 'Header: unknown column "weight"; missing columns category, default_price',
      },
    ]);
    const feed = await parseFeed(
      [
        HEADER,
        'A,Vial A,vials,1.00,,A-1,,,,,,,',
        'A,Vial A renamed,Vial,1.00,,A-2,,,,,,,',
        'B,only,two',
      ].join('\n'),
      'csv',
    );
    expect(feed.errors).toEqual([
      { row: 3, message: 'The product columns of SKU A differ from row 2' },
      { row: 4, message: 'The row has 3 fields; the header has 13' },
    ]);
    expect(feed.products[0]).toMatchObject({
      sku: 'A',
      category: 'Vial',
      active: undefined,
      variants: [{ variantSku: 'A-1', packageQty: 1, sterile: false, defaultPrice: '1.00' }],
    });
  });

  it('finds a variant SKU used twice, and sniffs JSON from CSV', async () => {
    const feed = await parseFeed(
      JSON.stringify([
        { sku: 'A', name: 'A', category: 'Cap', defaultPrice: 1, variants: [{ variantSku: 'X' }] },
        { sku: 'B', name: 'B', category: 'Cap', defaultPrice: 2, variants: [{ variantSku: 'X' }] },
      ]),
    );
    expect(feed.errors).toEqual([
      { row: 2, message: 'Variant SKU X already appears at position 1' },
    ]);
    expect((await parseFeed('{not json')).errors[0]!.message).toMatch(
      /^The feed is not valid JSON/,
    );
  });

  it('caps the listed errors at 100', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => `S${i},,Vial,1.00,,,,,,,,,`);
    const { errors } = await parseFeed([HEADER, ...rows].join('\n'), 'csv');
    expect(errors).toHaveLength(101);
    expect(errors[100]!.message).toBe('…and 50 more errors not listed');
  });
});

describe('feed from a URL', () => {
  let server: Server;
  let url: string;
  let body = '';
  let type = 'text/csv';
  let status = 200;
  beforeAll(async () => {
    server = createHttpServer((_req, res) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/catalog`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads CSV or JSON by the content type, and reports a failing feed', async () => {
    body = generatedCsv(2, 2);
    type = 'text/csv; charset=utf-8';
    const csv = await new FeedProvider('Remote', url).fetch();
    expect(csv.products.map((p) => p.sku)).toEqual(['GEN-1', 'GEN-2']);

    body = readFileSync(SAMPLE_PATH, 'utf8');
    type = 'application/json';
    expect((await new FeedProvider('Remote', url).fetch()).products).toHaveLength(
      sample.products.length,
    );

    status = 503;
    await expect(new FeedProvider('Remote', url).fetch()).rejects.toThrow(
      'Could not read the Remote catalogue: the feed answered 503',
    );
  });
});

describe('feed from a URL that misbehaves', () => {
  let server: Server;
  let base: string;
  const endless = { sent: 0, closed: () => {} };
  beforeAll(async () => {
    server = createHttpServer((req, res) => {
      if (req.url === '/moved') {
        res.writeHead(302, { location: '/internal-admin' });
        res.end();
      } else if (req.url === '/huge-declared') {
        res.writeHead(200, {
          'content-type': 'text/csv',
          'content-length': String(MAX_FEED_BYTES + 1),
        });
        res.end();
      } else if (req.url === '/endless') {
        // CSV rows for as long as the client reads them (long ones, so that there are few).
        res.writeHead(200, { 'content-type': 'text/csv' });
        const row = Buffer.from(`E-1,Endless,Vial,1.00,,E-1-V1,,,,,,,${'x'.repeat(65_536)}\n`);
        res.write(`${HEADER}\n`);
        const pump = () => {
          while (!res.destroyed) {
            endless.sent += row.length;
            if (!res.write(row)) return res.once('drain', pump);
          }
        };
        res.on('close', () => endless.closed());
        pump();
      } else {
        // No length announced: the cap must hold while reading.
        res.writeHead(200, { 'content-type': 'text/csv' });
        const chunk = Buffer.alloc(1024 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          while (sent <= MAX_FEED_BYTES + chunk.length) {
            sent += chunk.length;
            if (!res.write(chunk)) return res.once('drain', pump);
          }
          res.end();
        };
        res.on('close', () => (sent = Number.POSITIVE_INFINITY));
        pump();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses to follow a redirect', async () => {
    await expect(new FeedProvider('Remote', `${base}/moved`).fetch()).rejects.toThrow(
      'Could not read the Remote catalogue: the feed answered a redirect (302), which is not followed',
    );
  });

  it('refuses a feed larger than the cap, announced or not', async () => {
    await expect(new FeedProvider('Remote', `${base}/huge-declared`).fetch()).rejects.toThrow(
      'the feed is larger than 64 MiB',
    );
    await expect(new FeedProvider('Remote', `${base}/huge-streamed`).fetch()).rejects.toThrow(
      'the feed is larger than 64 MiB',
    );
  });

  it('stops reading a feed that never ends as soon as it passes the cap', async () => {
    const closed = new Promise<void>((resolve) => (endless.closed = resolve));
    await expect(new FeedProvider('Remote', `${base}/endless`).fetch()).rejects.toThrow(
      'Could not read the Remote catalogue: the feed is larger than 64 MiB',
    );
    // The connection is dropped; what was sent past the cap is what the socket buffers held.
    await closed;
    expect(endless.sent).toBeGreaterThan(MAX_FEED_BYTES);
    expect(endless.sent).toBeLessThan(MAX_FEED_BYTES + 16 * 1024 * 1024);
  });

  it('refuses a feed file larger than the cap', async () => {
    const file = path.join(dir, 'huge.json');
    // A sparse file: it reads as zeros without taking the disk space.
    writeFileSync(file, '');
    truncateSync(file, MAX_FEED_BYTES + 1);
    await expect(new FeedProvider('Local', file).fetch()).rejects.toThrow(
      'Could not read the Local catalogue: the feed is larger than 64 MiB',
    );
  });
});
