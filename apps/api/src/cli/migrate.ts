import { createDb } from '@pharm/db';
import { loadConfig } from '../config.js';

const config = loadConfig();
const handle = await createDb({ url: config.databaseUrl, dataDir: config.dataDir });
console.log(
  `Migrations are up to date (${handle.driver === 'pg' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}).`,
);
await handle.close();
