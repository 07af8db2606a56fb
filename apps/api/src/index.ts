export type { AppRouter } from './root.js';
export { appRouter, createCaller } from './root.js';
export { createServer, type AppServer } from './server.js';
export { loadConfig, type AppConfig } from './config.js';
export { createInnerContext } from './context.js';
export { DEMO_USER, seed } from './seed/index.js';
export { renderOrderPdf } from './pdf/order.js';
export { renderInvoicePdf } from './pdf/invoice.js';
// The data work of a signed-in list request, for bench/http.ts's floor (bench/lib/floor-server.ts).
export { SessionStore } from './sessions.js';
export { listPharmacies } from './routers/pharmacies.service.js';
export { listOrders } from './routers/orders.service.js';
