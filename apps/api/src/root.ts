import { activityRouter } from './routers/activity.js';
import { authRouter } from './routers/auth.js';
import { backupsRouter } from './routers/backups.js';
import { dashboardRouter } from './routers/dashboard.js';
import { invoicesRouter } from './routers/invoices.js';
import { ordersRouter } from './routers/orders.js';
import { paymentsRouter } from './routers/payments.js';
import { pharmaciesRouter } from './routers/pharmacies.js';
import { productsRouter } from './routers/products.js';
import { recallRouter } from './routers/recall.js';
import { reportsRouter } from './routers/reports.js';
import { searchRouter } from './routers/search.js';
import { settingsRouter } from './routers/settings.js';
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
