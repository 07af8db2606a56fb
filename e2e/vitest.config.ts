import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.test.ts'],
    // Each file starts the built app on its own empty database.
    setupFiles: ['./lib/per-file-app.ts'],
    // One browser and one server on a 2-core machine: files run one after another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
