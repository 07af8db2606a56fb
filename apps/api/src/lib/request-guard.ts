import type { FastifyReply, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * decisions.md §6: a write to /api or /trpc is refused when it comes from another site (403)
 * or carries a body that is not JSON (415). This closes the HTML-form CSRF route, which a
 * JSON-only API with SameSite=Lax cookies otherwise leaves open for multipart and text bodies.
 */
export async function guardWrites(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (SAFE_METHODS.has(req.method)) return;
  const path = req.url.split('?', 1)[0] ?? '';
  if (!path.startsWith('/api/') && !path.startsWith('/trpc/')) return;

  if (req.headers['sec-fetch-site'] === 'cross-site') {
    return reply.status(403).send({ message: 'Cross-site requests are not allowed' });
  }
  const origin = req.headers.origin;
  if (origin && origin !== `${req.protocol}://${req.host}`) {
    return reply.status(403).send({ message: 'Cross-site requests are not allowed' });
  }

  const hasBody =
    Number(req.headers['content-length'] ?? 0) > 0 ||
    req.headers['transfer-encoding'] !== undefined;
  const contentType = req.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
  if (contentType ? contentType !== 'application/json' : hasBody) {
    return reply
      .status(415)
      .send({ message: 'Request bodies must be JSON (Content-Type: application/json)' });
  }
}
