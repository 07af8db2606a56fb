import { activityRouter } from './modules/activity/router.js';
import { authRouter } from './modules/auth/router.js';
import { backupsRouter } from './modules/backups/router.js';
import { dashboardRouter } from './modules/dashboard/router.js';
import { invoicesRouter } from './modules/invoices/router.js';
import { ordersRouter } from './modules/orders/router.js';
import { paymentsRouter } from './modules/payments/router.js';
import { pharmaciesRouter } from './modules/pharmacies/router.js';
import { productsRouter } from './modules/products/router.js';
import { recallRouter } from './modules/recall/router.js';
import { reportsRouter } from './modules/reports/router.js';
import { searchRouter } from './modules/search/router.js';
import { settingsRouter } from './modules/settings/router.js';
import { createCallerFactory, createTRPCRouter } from './trpc.js';

export const appRouter = createTRPCRouter({
  auth: authRouter,
  pharmacies: pharmaciesRouter,
  products: productsRouter,
  orders: ordersRouter,
  invoices: invoicesRouter,
  payments: paymentsRouter,
  dashboard: dashboardRouter,
  reports: reportsRouter,
  search: searchRouter,
  activity: activityRouter,
  recall: recallRouter,
  settings: settingsRouter,
  backups: backupsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
