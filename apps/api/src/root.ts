import { authRouter } from './routers/auth.js';
import { ordersRouter } from './routers/orders.js';
import { pharmaciesRouter } from './routers/pharmacies.js';
import { productsRouter } from './routers/products.js';
import { createCallerFactory, createTRPCRouter } from './trpc.js';

export const appRouter = createTRPCRouter({
  auth: authRouter,
  pharmacies: pharmaciesRouter,
  products: productsRouter,
  orders: ordersRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
