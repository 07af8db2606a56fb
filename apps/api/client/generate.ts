/**
 * Writes client/openapi.gen.ts, the client's types, from the OpenAPI document the app serves at
 * GET /api/openapi.json (an in-memory database, no port). With --check it writes nothing and
 * fails when the file differs: `pnpm typecheck` runs that, so a document that moved on without
 * its client breaks the build.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createDb } from '@pharm/db';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import { loadConfig } from '../src/config.js';
import { createServer } from '../src/server.js';

const target = fileURLToPath(new URL('./openapi.gen.ts', import.meta.url));
const check = process.argv.includes('--check');

const dbHandle = await createDb({ dataDir: 'memory://' });
const config = loadConfig({});
const server = await createServer({ dbHandle, config });
const res = await server.app.inject({
  url: '/api/openapi.json',
  headers: { host: `localhost:${config.port}` },
});
await server.stop();
if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);

const types = COMMENT_HEADER + astToString(await openapiTS(res.json<OpenAPI3>()));

if (!check) {
  await writeFile(target, types);
} else if ((await readFile(target, 'utf8').catch(() => '')) !== types) {
  console.error(
    'apps/api/client/openapi.gen.ts does not match GET /api/openapi.json: run `pnpm --filter @pharm/api generate:client` and commit it',
  );
  process.exit(1);
}
