export type { AppRouter } from './root.js';
export { appRouter, createCaller } from './root.js';
export { createServer, type AppServer } from './server.js';
export { loadConfig, type AppConfig } from './config.js';
export { createInnerContext } from './context.js';
export { renderOrderPdf } from './pdf/order.js';
export { renderInvoicePdf } from './pdf/invoice.js';
