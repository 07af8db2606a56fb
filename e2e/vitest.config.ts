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
 * With DATABASE_URL set, the files whose server works differently on PostgreSQL run there too:
 * mail goes out through pg-boss's worker (PGlite keeps the outbox poller), backups are the
 * operator's, the money flows from order to cash application as the deployed database runs them,
 * and lots and recalls, whose issue asks for them in the browser on both databases. The rest
 * would only repeat, through a browser, what the API suite already runs on both databases, and
 * cost CI some 20 minutes.
 */
const POSTGRES_FILES = [
  'backups.test.ts',
  'cash-application.test.ts',
  'dunning.test.ts',
  'emails.test.ts',
  'invoice-lots.test.ts',
  'lots.test.ts',
  'order-invoice.test.ts',
  'recall-emails.test.ts',
  'recalls.test.ts',
];

/** The browser tests run on embedded PGlite, the app the users start with. */
export default defineConfig({
  test: {
    // The two projects share one browser and the machine's two cores: one after the other.
    maxWorkers: 1,
    projects: [
      ...(process.env.DATABASE_URL
        ? [
            {
              test: {
                ...base,
                include: POSTGRES_FILES,
                name: 'postgres',
                env: { E2E_DB: 'postgres' },
              },
            },
          ]
        : []),
      { test: { ...base, name: 'pglite', env: { E2E_DB: 'pglite' } } },
    ],
  },
});
