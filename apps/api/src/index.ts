export type { AppRouter } from './root.js';
export { appRouter, createCaller } from './root.js';
export { createServer, type AppServer } from './server.js';
export { loadConfig, type AppConfig } from './config.js';
export { createInnerContext } from './context.js';
export { DEMO_USER, seed } from './seed/index.js';
export { renderOrderPdf } from './modules/orders/pdf.js';
export { renderInvoicePdf } from './modules/invoices/pdf.js';
// The data work of a signed-in list request, for bench/http.ts's floor (bench/lib/floor-server.ts).
export { SessionStore } from './lib/http/sessions.js';
export { listPharmacies } from './modules/pharmacies/service.js';
export { listOrders } from './modules/orders/service.js';
