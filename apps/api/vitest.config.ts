import { defineConfig } from 'vitest/config';

/**
 * The API suite runs against real PostgreSQL when DATABASE_URL is set (a throwaway database
 * per test file) and always against embedded PGlite as well.
 */
const base = {
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      ...(process.env.DATABASE_URL
        ? [{ test: { ...base, name: 'postgres', env: { TEST_DB: 'postgres' } } }]
        : []),
      { test: { ...base, name: 'pglite', env: { TEST_DB: 'pglite' } } },
    ],
  },
});
