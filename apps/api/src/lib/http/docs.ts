import { createHash } from 'node:crypto';
import scalarApiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';

export const DOCS_PATH = '/api/docs';

/** A `<script>` element with a body and no `src`: code written into the page itself. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The CSP's `script-src` widened by the hash of each inline script in `html`, and by nothing
 * else: the reference page starts its bundle with one inline call, the same on every load.
 */
export function allowInlineScripts(csp: string, html: string): string {
  const hashes = [...html.matchAll(INLINE_SCRIPT)]
    .filter((match) => match[1]!.trim() !== '')
    .map((match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
  if (hashes.length === 0) return csp;
  return csp.replace(/(^|;\s*)script-src ([^;]*)/, (_all, start, sources) =>
    [`${start}script-src ${sources}`, ...hashes].join(' '),
  );
}

/**
 * The API reference (Scalar) at /api/docs for the OpenAPI document at /api/openapi.json. Its
 * script comes from the package and is served from here; fonts, telemetry, the AI agent and the
 * MCP generator would reach Scalar's own servers, so they are off.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(async (docs) => {
    docs.addHook('onSend', async (_req, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      const csp = reply.raw.getHeader('content-security-policy');
      if (type.startsWith('text/html') && typeof payload === 'string' && typeof csp === 'string') {
        reply.header('Content-Security-Policy', allowInlineScripts(csp, payload));
      }
      return payload;
    });
    await docs.register(scalarApiReference, {
      routePrefix: DOCS_PATH,
      configuration: {
        url: '/api/openapi.json',
        pageTitle: 'PharmSupply API reference',
        // The web app's icon (its build serves it); the browser's own guess, /favicon.ico, is a 404.
        favicon: '/favicon.svg',
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        mcp: { disabled: true },
        showDeveloperTools: 'never',
        hideClientButton: true,
        documentDownloadType: 'json',
      },
    });
  });
}
