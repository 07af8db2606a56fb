/**
 * The baseline of bench/http.ts: a bare Fastify (no logger, no plugins, no hooks) answering the
 * bytes the app answered, for the same paths. Started with `fork` so that it has a process and
 * an event loop of its own, like the app; it tells its port over IPC.
 *
 *     node --import tsx bare-server.ts <responses.json>
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/** A captured answer of the app: what the bare route sends back. */
export interface CapturedResponse {
  contentType: string;
  body: string;
}

const responses = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<
  string,
  CapturedResponse
>;

const app = Fastify();
for (const [url, { contentType, body }] of Object.entries(responses)) {
  app.get(url, (_req, reply) => reply.type(contentType).send(body));
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
