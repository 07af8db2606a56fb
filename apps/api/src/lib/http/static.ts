import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';

/** Vite names each file in assets/ after a hash of its content, so a URL there never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the files of public/ keep their names from build to build: always revalidate. */
const REVALIDATE = 'no-cache';

/** Where Vite writes the hashed files (assets/ of the build), as requested. */
export const ASSETS_PATH = '/assets/';

/** The API's paths: they answer JSON, never the web app. */
const API_PATH = /^\/(api|trpc)(\/|$)/;

/**
 * A GET the single-page app answers with index.html: any path but the API's and a file's (under
 * /assets/ or with a dot in its last segment). A file that is not there is a 404: a chunk of an
 * older build answered with HTML would fail as a script with a misleading error.
 */
function isClientRoute(url: string): boolean {
  let pathname: string;
  try {
    // The router decodes the path before matching (`/%61pi` is `/api`); so does this test.
    pathname = decodeURIComponent(url.split('?', 1)[0]!);
  } catch {
    return false;
  }
  return (
    !API_PATH.test(pathname) && !pathname.startsWith(ASSETS_PATH) && !/\.[^/]*$/.test(pathname)
  );
}

/**
 * Serves the built web app (docs/rules.md §6): the brotli or gzip copy the build wrote beside each
 * file, chosen by Accept-Encoding (br, then gzip, else the file itself), so no request costs any
 * compression work; hashed assets cached for a year, index.html revalidated on every load;
 * source maps only with SERVE_SOURCE_MAPS=true. Client routes get index.html.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Pick<AppConfig, 'webDist' | 'serveSourceMaps'>,
): Promise<void> {
  const root = config.webDist;
  if (!root) return;
  const assetsDir = path.join(root, 'assets') + path.sep;

  await app.register(fastifyStatic, {
    root,
    // One route per file present at start; a new build comes with a restart.
    wildcard: false,
    index: false,
    preCompressed: true,
    // The .br and .gz copies are sent only in place of their original, under its URL.
    globIgnore: ['**/*.br', '**/*.gz', ...(config.serveSourceMaps ? [] : ['**/*.map'])],
    // `send` would write its own `public, max-age=0` over the header set below.
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader('Cache-Control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      // One URL, three bodies (br, gzip, identity): a cache must key on Accept-Encoding.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  app.setNotFoundHandler((req, reply) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && isClientRoute(req.url)) {
      // The single-page app routes on the client, its own 404 page included.
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found' });
  });
}
