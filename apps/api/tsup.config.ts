import { defineConfig } from 'tsup';

export default defineConfig({
  // The worker threads' entry is its own file, dist/worker.js, beside main.js (worker-pool.ts).
  entry: ['src/main.ts', 'src/worker.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  clean: true,
  // The workspace packages ship TypeScript source: bundle them; leave npm packages external.
  noExternal: [/^@pharm\//],
});
