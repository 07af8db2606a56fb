import type { Db } from '@pharm/db';
import type { createCaller } from '../root.js';

/** What each seed step works with: the database, the app's procedures as the demo user, a log. */
export interface SeedContext {
  db: Db;
  caller: ReturnType<typeof createCaller>;
  log: (line: string) => void;
}
