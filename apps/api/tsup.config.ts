import { defineConfig } from 'tsup';

export default defineConfig({
  // The worker threads' entries are their own files beside main.js: dist/worker.js for the heavy
  // work (lib/workers/pool.ts), dist/backup-worker.js for backups (modules/backups/snapshot.ts).
  entry: {
    main: 'src/main.ts',
    worker: 'src/lib/workers/worker.ts',
    'backup-worker': 'src/modules/backups/backup-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  clean: true,
  // The workspace packages ship TypeScript source: bundle them; leave npm packages external.
  noExternal: [/^@pharm\//],
});
