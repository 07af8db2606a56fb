import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** Which Hosts the app answers and which Origins may write (docs/rules.md §6). */
export interface HostPolicy {
  /** `host` as the Host header has it: `name` or `name:port`. */
  allowsHost(host: string): boolean;
  allowsOrigin(origin: string): boolean;
}

/** `name:port` split; `[::1]:3000` keeps its brackets. */
function splitHost(host: string): { name: string; port: string | undefined } {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(host.toLowerCase());
  return match ? { name: match[1]!, port: match[2] } : { name: '', port: undefined };
}

/**
 * The names the app is served as: APP_ORIGIN's host and the ALLOWED_HOSTS entries (one without
 * a port stands for the name on any port); with neither set, the loopback names on the port the
 * server is configured with or, when that is 0 (picked at listen) or another was given to
 * listen, the one it listens on. Browsers leave port 80 out of Host, so then the bare names count.
 */
export function createHostPolicy(
  config: Pick<AppConfig, 'appOrigin' | 'allowedHosts' | 'port'>,
  listeningPort: () => number | undefined,
): HostPolicy {
  const appHost = config.appOrigin ? new URL(config.appOrigin).host : undefined;
  const entries = (config.allowedHosts ?? []).map(splitHost);
  const loopback = !config.appOrigin && !config.allowedHosts;

  const inList = (host: string) => {
    const { name, port } = splitHost(host);
    return entries.some((e) => e.name === name && (e.port === undefined || e.port === port));
  };
  const isLoopback = (host: string) => {
    const { name, port } = splitHost(host);
    if (!LOOPBACK_NAMES.includes(name)) return false;
    const ports = [config.port, listeningPort()].filter((p) => p !== undefined).map(String);
    return ports.includes(port ?? '80');
  };
  const allowsConfigured = (host: string) => inList(host) || (loopback && isLoopback(host));

  return {
    allowsHost: (host) => host.toLowerCase() === appHost || allowsConfigured(host),
    allowsOrigin: (origin) => {
      if (origin === config.appOrigin) return true;
      const match = /^https?:\/\/([^/]+)$/.exec(origin);
      return !!match && allowsConfigured(match[1]!);
    },
  };
}

/** The liveness and readiness probes (probes.ts). */
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * docs/rules.md §6: a request for a Host the app is not served as gets 421 before anything else
 * looks at it (no session read, no handler). A page on a domain whose DNS an attacker points at
 * 127.0.0.1 (DNS rebinding) reaches the server with that domain in Host, and the browser treats
 * the answers as that page's own; refusing every unknown Host, reads included, leaves it nothing.
 */
export function createHostGuard(policy: HostPolicy) {
  return async function guardHost(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    // A load balancer probes by address, with its own Host; the probes read no session and say
    // only whether the process and its database are up, so they answer whatever Host is sent.
    if (PROBES.has(req.routeOptions.url ?? '')) return;
    // Both the Host that reached us and, behind a trusted proxy, the X-Forwarded-Host it passes
    // on (req.host): a page on a rebound name can add that header to its own requests.
    if (policy.allowsHost(req.headers.host ?? '') && policy.allowsHost(req.host)) return;
    return reply.status(421).send({
      message: 'This server does not answer for that host name (see ALLOWED_HOSTS)',
    });
  };
}

/** The largest request body on any path and of any content type (docs/rules.md §6). */
export const BODY_LIMIT = 5 * 1024 * 1024;

/**
 * docs/rules.md §6, for every request that is not a read, whatever its path and however that path
 * is spelt (the router decodes `/%61pi/...` into `/api/...`, so a prefix test on the raw URL is
 * no guard at all):
 * - from another site (Sec-Fetch-Site, or an Origin other than APP_ORIGIN or an allowed host's,
 *   never the request's own Host, which a rebound name would match): 403, which closes the
 *   HTML-form route that SameSite=Lax cookies alone leave open; a request with a bearer token
 *   and no Cookie header is exempt, having nothing a browser adds by itself;
 * - a body announced larger than BODY_LIMIT: 413, before a byte of it is read;
 * - a body that is not JSON (multipart, form-encoded, text): 415, before it is read; no route of
 *   this app takes anything but JSON.
 * It runs in onRequest, ahead of routing's handlers and body parsing.
 */
export function createWriteGuard(policy: HostPolicy) {
  return async function guardWrites(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (SAFE_METHODS.has(req.method)) return;

    // An API token carries no ambient credential a page could borrow: a bearer request without
    // any cookie cannot be forged cross-site, so it may come from anywhere (decisions.md §8).
    const bearerOnly =
      /^Bearer\s/i.test(req.headers.authorization ?? '') && req.headers.cookie === undefined;
    if (!bearerOnly) {
      if (req.headers['sec-fetch-site'] === 'cross-site') {
        return reply.status(403).send({ message: 'Cross-site requests are not allowed' });
      }
      const origin = req.headers.origin;
      if (origin !== undefined && !policy.allowsOrigin(origin)) {
        return reply.status(403).send({ message: 'Cross-site requests are not allowed' });
      }
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
