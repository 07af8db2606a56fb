import { createDb } from '@pharm/db';
import { exitOnDataDirInUse } from './cli/exit.js';
import { loadConfig } from './config.js';
import { createServer } from './server.js';

/** docs/rules.md §6: requests in flight get this long to finish after SIGTERM, then we exit anyway. */
const DRAIN_DEADLINE_MS = 25_000;

const config = loadConfig();
const dbHandle = await createDb({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  dataDirLabel: config.dataDirLabel,
  holder: 'the server',
  pool: {
    max: config.db.poolMax,
    statementTimeoutMs: config.db.statementTimeoutMs,
    lockTimeoutMs: config.db.lockTimeoutMs,
  },
  onConnectionError: (error) => console.warn(`database connection lost: ${error.message}`),
}).catch(exitOnDataDirInUse);
const server = await createServer({ dbHandle, config, logger: true });
const address = await server.start();
server.app.log.info(
  `PharmSupply on ${address} (${dbHandle.driver === 'pg' ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`})`,
);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: draining requests`);
    setTimeout(() => {
      server.app.log.error(`requests still running after ${DRAIN_DEADLINE_MS / 1000} s; exiting`);
      process.exit(1);
    }, DRAIN_DEADLINE_MS).unref();
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
