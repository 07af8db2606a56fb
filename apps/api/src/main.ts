import { createDb } from '@pharm/db';
import { loadConfig } from './config.js';
import { createServer } from './server.js';

const config = loadConfig();
const dbHandle = await createDb({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  onConnectionError: (error) => console.warn(`database connection lost: ${error.message}`),
});
const server = await createServer({ dbHandle, config, logger: true });
const address = await server.start();
server.app.log.info(
  `PharmSupply on ${address.replace('0.0.0.0', 'localhost')} (${dbHandle.driver === 'pg' ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`})`,
);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: draining requests`);
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
