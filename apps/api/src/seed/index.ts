import { createDb, type Db } from '@pharm/db';
import { sql } from 'kysely';
import { exitOnDataDirInUse } from '../cli/exit.js';
import { loadConfig } from '../config.js';
import { createInnerContext, findSessionUser } from '../context.js';
import { createCaller } from '../root.js';
import { hashPassword } from '../modules/auth/service.js';
import type { SeedContext } from './context.js';
import { seedInvoices } from './invoices.js';
import { seedLicences } from './licences.js';
import { seedLots } from './lots.js';
import { seedOrders } from './orders.js';
import { seedPharmacies } from './pharmacies.js';
import { seedProducts } from './products.js';
import { seedRecalls } from './recalls.js';

export const DEMO_USER = {
  email: 'demo@pharmsupply.test',
  password: 'demo1234',
  firstName: 'Dana',
  lastName: 'Morgan',
};

/**
 * Loads the demo data set through the same procedures the app uses, so numbers, totals and
 * the activity log are what real use would give. Each step skips itself when its data exists.
 */
export async function seed(db: Db, log: (line: string) => void = console.log): Promise<void> {
  const { password, ...profile } = DEMO_USER;
  await db
    .insertInto('users')
    .values({ ...profile, role: 'admin', passwordHash: await hashPassword(password) })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .execute();
  const { id } = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_USER.email)
    .executeTakeFirstOrThrow();
  const user = await findSessionUser(db, id);
  const ctx: SeedContext = { db, caller: createCaller(createInnerContext({ db, user })), log };
  log(`demo user: ${DEMO_USER.email} / ${DEMO_USER.password}`);
  await seedPharmacies(ctx);
  await seedProducts(ctx);
  await seedLots(ctx);
  await seedOrders(ctx);
  await seedInvoices(ctx);
  await seedLicences(ctx);
  await seedRecalls(ctx);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  if (config.production) {
    // The demo user has a published password: never on a real deployment.
    console.error('pnpm db:seed refuses to run with NODE_ENV=production');
    process.exit(1);
  }
  const handle = await createDb({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    dataDirLabel: config.dataDirLabel,
    holder: 'pnpm db:seed',
  }).catch(exitOnDataDirInUse);
  await seed(handle.db);
  await handle.close();
}
