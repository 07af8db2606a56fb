import { defineConfig } from 'tsup';

export default defineConfig({
  // The worker threads' entries are their own files beside main.js: dist/worker.js for the heavy
  // work (worker-pool.ts), dist/backup-worker.js for backups (backups/snapshot.ts).
  entry: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    'backup-worker': 'src/backups/backup-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  clean: true,
  // The workspace packages ship TypeScript source: bundle them; leave npm packages external.
  noExternal: [/^@pharm\//],
});
