import { createDb } from '@pharm/db';
import { loadConfig } from '../config.js';
import { exitOnDataDirInUse } from './exit.js';

const config = loadConfig();
const handle = await createDb({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  dataDirLabel: config.dataDirLabel,
  holder: 'pnpm db:migrate',
}).catch(exitOnDataDirInUse);
console.log(
  `Migrations are up to date (${handle.driver === 'pg' ? 'PostgreSQL' : `PGlite in ${config.dataDirLabel}`}).`,
);
await handle.close();
