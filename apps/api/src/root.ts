import { authRouter } from './routers/auth.js';
import { dashboardRouter } from './routers/dashboard.js';
import { ordersRouter } from './routers/orders.js';
import { pharmaciesRouter } from './routers/pharmacies.js';
import { productsRouter } from './routers/products.js';
import { reportsRouter } from './routers/reports.js';
import { searchRouter } from './routers/search.js';
import { createCallerFactory, createTRPCRouter } from './trpc.js';

export const appRouter = createTRPCRouter({
  auth: authRouter,
  pharmacies: pharmaciesRouter,
  products: productsRouter,
  orders: ordersRouter,
  dashboard: dashboardRouter,
  reports: reportsRouter,
  search: searchRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
