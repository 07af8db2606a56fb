import { defineConfig } from 'tsup';

export default defineConfig({
  // The backup worker runs in a thread of its own (src/backups/snapshot.ts), beside main.js.
  entry: { main: 'src/main.ts', 'backup-worker': 'src/backups/backup-worker.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  clean: true,
  // The workspace packages ship TypeScript source: bundle them; leave npm packages external.
  noExternal: [/^@pharm\//],
});
