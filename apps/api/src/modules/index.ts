import { registerConstraints } from '../lib/domain-error.js';
import { activityModule } from './activity/index.js';
import { allocationsModule } from './allocations/index.js';
import { creditNotesModule } from './credit-notes/index.js';
import { refundsModule } from './refunds/index.js';
import { authModule } from './auth/index.js';
import { backupsModule } from './backups/index.js';
import { dashboardModule } from './dashboard/index.js';
import { dunningModule } from './dunning/index.js';
import { emailsModule } from './emails/index.js';
import { invitationsModule } from './invitations/index.js';
import { invoicesModule } from './invoices/index.js';
import { licencesModule } from './licences/index.js';
import { lotsModule } from './lots/index.js';
import { ordersModule } from './orders/index.js';
import { paymentsModule } from './payments/index.js';
import { pharmaciesModule } from './pharmacies/index.js';
import { productsModule } from './products/index.js';
import { recallModule } from './recall/index.js';
import { recallsModule } from './recalls/index.js';
import { reportsModule } from './reports/index.js';
import { searchModule } from './search/index.js';
import { settingsModule } from './settings/index.js';
import { statementsModule } from './statements/index.js';
import { tokensModule } from './tokens/index.js';
import { usersModule } from './users/index.js';

/**
 * Every module of the API (lib/module.ts): the one list a new entity is added to. The router,
 * the REST paths, the API document, the database-error messages and the worker threads' jobs
 * are built from it. The order is the order of the API document's sections.
 */
export const modules = [
  authModule,
  dashboardModule,
  pharmaciesModule,
  licencesModule,
  productsModule,
  lotsModule,
  ordersModule,
  invoicesModule,
  paymentsModule,
  allocationsModule,
  creditNotesModule,
  refundsModule,
  statementsModule,
  emailsModule,
  dunningModule,
  reportsModule,
  searchModule,
  recallModule,
  recallsModule,
  activityModule,
  settingsModule,
  backupsModule,
  usersModule,
  invitationsModule,
  tokensModule,
] as const;

for (const module of modules) if (module.constraints) registerConstraints(module.constraints);
