import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startTestApp, type TestApp } from './helpers.js';

/**
 * A built web app in miniature, laid out as Vite and the compression plugin write it: index.html
 * and a hashed script, each with .br and .gz copies, a source map, and a public file too small to
 * have compressed copies.
 */
const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('PharmSupply '.repeat(200))});\n//# sourceMappingURL=index-Ab12Cd34.js.map\n`;
const SOURCE_MAP = '{"version":3,"sources":["main.tsx"],"mappings":""}';
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

function writeDist(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'pharm-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const files: [string, string][] = [
    ['index.html', INDEX_HTML],
    ['assets/index-Ab12Cd34.js', SCRIPT],
  ];
  for (const [name, body] of files) {
    writeFileSync(path.join(dist, name), body);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(body));
  }
  writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js.map'), SOURCE_MAP);
  writeFileSync(path.join(dist, 'favicon.svg'), FAVICON);
  return dist;
}

const dist = writeDist();
let t: TestApp;
let withMaps: TestApp;
beforeAll(async () => {
  t = await startTestApp({ webDist: dist });
  withMaps = await startTestApp({ webDist: dist, serveSourceMaps: true });
});
afterAll(async () => {
  await Promise.all([t.close(), withMaps.close()]);
  rmSync(dist, { recursive: true, force: true });
});

async function get(url: string, headers: Record<string, string> = {}, app = t) {
  const res = await app.server.app.inject({ method: 'GET', url, headers });
  const encoding = res.headers['content-encoding'];
  const body =
    encoding === 'br'
      ? brotliDecompressSync(res.rawPayload)
      : encoding === 'gzip'
        ? gunzipSync(res.rawPayload)
        : res.rawPayload;
  return { status: res.statusCode, headers: res.headers, text: body.toString(), res };
}

const SCRIPT_URL = '/assets/index-Ab12Cd34.js';
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('precompressed files by Accept-Encoding', () => {
  it('sends the brotli copy when the browser takes br (Chromium sends gzip, deflate, br, zstd)', async () => {
    const res = await get(SCRIPT_URL, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(SCRIPT).length);
    expect(res.text).toBe(SCRIPT);
  });

  it('sends the gzip copy when br is not accepted', async () => {
    const res = await get(SCRIPT_URL, { 'accept-encoding': 'gzip, deflate' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toBe(SCRIPT);
  });

  it('follows the q-values: gzip when br is ranked lower', async () => {
    const res = await get(SCRIPT_URL, { 'accept-encoding': 'br;q=0.5, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the file itself without Accept-Encoding, or for an encoding it has no copy in', async () => {
    const plain: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'deflate' },
      { 'accept-encoding': 'identity' },
    ];
    for (const headers of plain) {
      const res = await get(SCRIPT_URL, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.text).toBe(SCRIPT);
    }
  });

  it('sends a file that has no compressed copy as it is, whatever the browser accepts', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toBe(FAVICON);
  });

  it('says Vary: Accept-Encoding on every file, so caches keep one copy per encoding', async () => {
    for (const url of [SCRIPT_URL, '/', '/index.html', '/favicon.svg', '/orders']) {
      for (const headers of [{}, { 'accept-encoding': 'br' }] as Record<string, string>[]) {
        expect((await get(url, headers)).headers.vary, url).toBe('Accept-Encoding');
      }
    }
  });
});

describe('cache headers', () => {
  it('caches hashed assets for a year, immutable, in every encoding', async () => {
    for (const encoding of ['br', 'gzip', '']) {
      const res = await get(SCRIPT_URL, encoding ? { 'accept-encoding': encoding } : {});
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('makes the browser revalidate index.html, at / and by its name', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toBe(INDEX_HTML);
    }
  });

  it('answers a client route (a reload on /orders/7/edit) with index.html, no-cache', async () => {
    for (const url of ['/orders/7/edit', '/pharmacies?q=north', '/no-such-screen']) {
      const res = await get(url, { 'accept-encoding': 'gzip' });
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toBe(INDEX_HTML);
    }
  });

  it('revalidates public files, whose names carry no hash', async () => {
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('keeps the security headers on the client-route fallback and the public files', async () => {
    for (const url of ['/', '/orders', '/favicon.svg']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('sends a hashed script the headers that apply to a script, not those of a document', async () => {
    const res = await get(SCRIPT_URL, { 'accept-encoding': 'br' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy']) {
      expect(res.headers[name], name).toBeUndefined();
    }
  });
});

describe('what is not the web app', () => {
  it('does not serve source maps unless SERVE_SOURCE_MAPS=true', async () => {
    const hidden = await get(`${SCRIPT_URL}.map`);
    expect(hidden.status).toBe(404);
    expect(hidden.text).not.toContain('<html');

    const shown = await get(`${SCRIPT_URL}.map`, {}, withMaps);
    expect(shown.status).toBe(200);
    expect(shown.text).toBe(SOURCE_MAP);
    expect(shown.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('reads SERVE_SOURCE_MAPS as a yes/no setting, off by default', () => {
    expect(loadConfig({}).serveSourceMaps).toBe(false);
    expect(loadConfig({ SERVE_SOURCE_MAPS: 'true' }).serveSourceMaps).toBe(true);
    expect(loadConfig({ SERVE_SOURCE_MAPS: '0' }).serveSourceMaps).toBe(false);
    expect(() => loadConfig({ SERVE_SOURCE_MAPS: 'sometimes' })).toThrow(/SERVE_SOURCE_MAPS/);
  });

  it('answers a missing asset (a chunk of an older build) with 404, not index.html', async () => {
    for (const url of ['/assets/index-Old00000.js', '/assets/gone', '/robots.txt']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.text).not.toContain('<html');
    }
  });

  it('answers unknown API paths with JSON 404, however they are spelt', async () => {
    const c = await t.signedIn();
    const unknown = await c.get('/api/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Not found' });
    for (const url of ['/api', '/trpc', '/%61pi', '/%74rpc/', '/trpc/no.such.procedure']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('does not answer writes to client routes with the app', async () => {
    const res = await t.server.app.inject({ method: 'DELETE', url: '/orders' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<html');
  });
});
