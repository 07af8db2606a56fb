export * from './schema.js';
export * from './client.js';
export { migrateToLatest } from './migrate.js';
export { createScratchDatabase } from './scratch.js';
export { moneyViolations } from './money-invariants.js';
