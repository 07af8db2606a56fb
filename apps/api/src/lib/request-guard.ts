import type { FastifyReply, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The largest request body on any path and of any content type (docs/rules.md §6). */
export const BODY_LIMIT = 5 * 1024 * 1024;

/**
 * docs/rules.md §6, for every request that is not a read, whatever its path and however that path
 * is spelt (the router decodes `/%61pi/...` into `/api/...`, so a prefix test on the raw URL is
 * no guard at all):
 * - from another site (Sec-Fetch-Site or a foreign Origin): 403, which closes the HTML-form
 *   route that SameSite=Lax cookies alone leave open;
 * - a body announced larger than BODY_LIMIT: 413, before a byte of it is read;
 * - a body that is not JSON (multipart, form-encoded, text): 415, before it is read; no route of
 *   this app takes anything but JSON.
 * It runs in onRequest, ahead of routing's handlers and body parsing.
 */
export function createWriteGuard(appOrigin: string | undefined) {
  return async function guardWrites(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (SAFE_METHODS.has(req.method)) return;

    if (req.headers['sec-fetch-site'] === 'cross-site') {
      return reply.status(403).send({ message: 'Cross-site requests are not allowed' });
    }
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== (appOrigin ?? `${req.protocol}://${req.host}`)) {
      return reply.status(403).send({ message: 'Cross-site requests are not allowed' });
    }

    const length = Number(req.headers['content-length'] ?? 0);
    if (length > BODY_LIMIT) {
      reply.header('connection', 'close');
      return reply.status(413).send({ message: 'The request body is larger than 5 MiB' });
    }
    const hasBody = length > 0 || req.headers['transfer-encoding'] !== undefined;
    const contentType = req.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
    if (contentType ? contentType !== 'application/json' : hasBody) {
      reply.header('connection', 'close');
      return reply
        .status(415)
        .send({ message: 'Request bodies must be JSON (Content-Type: application/json)' });
    }
  };
}
