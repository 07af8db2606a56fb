import { modules } from './modules/index.js';
import { createCallerFactory, createTRPCRouter } from './trpc.js';

type Modules = (typeof modules)[number];

/** Each module's router under its name: `orders.list`, `invoices.create`, … */
type Routers = { [M in Modules as M['name']]: M['router'] };

export const appRouter = createTRPCRouter(
  Object.fromEntries(modules.map((module) => [module.name, module.router])) as Routers,
);

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
