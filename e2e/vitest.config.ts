import { defineConfig } from 'vitest/config';

const base = {
  include: ['*.test.ts'],
  // Each file starts the built app on its own empty database.
  setupFiles: ['./lib/per-file-app.ts'],
  // One browser and one server on a 2-core machine: files run one after another.
  fileParallelism: false,
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

/**
 * The browser tests run on embedded PGlite, and with DATABASE_URL set on that PostgreSQL server
 * as well (the app the users get and the one they deploy), as the API suite does.
 */
export default defineConfig({
  test: {
    // The two projects share one browser and the machine's two cores: one after the other.
    maxWorkers: 1,
    projects: [
      ...(process.env.DATABASE_URL
        ? [{ test: { ...base, name: 'postgres', env: { E2E_DB: 'postgres' } } }]
        : []),
      { test: { ...base, name: 'pglite', env: { E2E_DB: 'pglite' } } },
    ],
  },
});
