import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  clean: true,
  // The workspace packages ship TypeScript source: bundle them; leave npm packages external.
  noExternal: [/^@pharm\//],
});
