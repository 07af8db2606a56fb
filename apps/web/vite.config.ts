import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import type { InputType } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { gzipAsync, type ZopfliOptions } from '@gfx/zopfli';

/** zopfli's gzip in the shape the compression plugin calls (the plugin hands it bytes). */
async function zopfliGzip(input: InputType, options: ZopfliOptions): Promise<Buffer> {
  const bytes =
    typeof input === 'string'
      ? Buffer.from(input)
      : ArrayBuffer.isView(input)
        ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
        : new Uint8Array(input);
  return Buffer.from(await gzipAsync(bytes, options));
}

const API_URL = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    // Must come before the React plugin.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    // Brotli and gzip copies beside each emitted file (not the source maps), at the highest levels:
    // the server sends them by Accept-Encoding and never compresses per request. The gzip copies
    // come from zopfli, about 3% smaller than zlib's level 9 for the same files: it keeps the
    // sign-in screen within its 200 KB for the browsers that take gzip only.
    compression({
      algorithms: ['brotliCompress', defineAlgorithm(zopfliGzip, { numiterations: 15 })],
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: API_URL, changeOrigin: false },
      '/api': { target: API_URL, changeOrigin: false },
    },
  },
  preview: { port: 5173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // BENCH_FLOOR=1 adds bench/navigation.ts's floor page (src/bench/floor.tsx); a production
      // build has the app's page alone.
      ...(process.env.BENCH_FLOOR ? { input: { main: 'index.html', floor: 'floor.html' } } : {}),
      // Every package the entry imports statically goes in one chunk. Left to the automatic
      // chunking they came as a dozen small files, whose module glue and compression and HTTP
      // headers added some 15 KB to what the sign-in screen transfers.
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules/, tags: ['$initial'] },
            // The validators' modules without zod that the sign-in screen does not load: one small
            // chunk of their own. Left alone, they went into the chunk of the dynamic import of
            // the schemas (features/auth/preload.ts), and so every screen that read a date or a
            // role loaded zod too.
            {
              name: 'plain',
              test: /packages[\\/]validators[\\/]src[\\/](dates|roles|terms|licence-labels|dunning-labels|recall-labels|order-rules|invoice-rules|product-rules)\.ts$/,
              // Not money.ts, which the rules modules import: the sign-in screen loads it already.
              includeDependenciesRecursively: false,
            },
            // The email labels and placeholders: only the email screens and panels read them. Left
            // alone they went into the schemas' chunk (zod); in `plain` every screen loaded them.
            { name: 'email-labels', test: /packages[\\/]validators[\\/]src[\\/]email-labels\.ts$/ },
            // Each script carries some 0.4 KB of headers (0.9 KB before hashed files lost the
            // document-only ones), so small chunks a screen always loads together cost more apart
            // (/settings was over its 250 KB with them). These groups take only the modules they
            // name, not what those import (shared with other screens).
            // The zag and ark helpers that a checkbox and the tabs bring to a screen (focus
            // visibility, DOM events, controllable state); the checkbox itself is apart, so that a
            // page with tabs and no checkbox (a pharmacy's) does not load it.
            {
              name: 'controls',
              test: /node_modules[\\/](@zag-js[\\/]focus-visible[\\/]|@zag-js[\\/]dom-query[\\/]dist[\\/](form|press|visually-hidden|event|platform|navigate|set|tabbable)\.mjs$|@ark-ui[\\/]react[\\/]dist[\\/]utils[\\/](use-controllable-state|use-event)\.js$)/,
              includeDependenciesRecursively: false,
            },
            // The ark/zag helpers that every screen's first component with a machine loads (the
            // sign-in screen's too), kept in one chunk: left alone, a change elsewhere split zag's
            // computed-style (0.2 KB) into a script of its own on every screen (+1.1 KB with its
            // headers; the sign-in screen went to 200.1 KB). With them the small helpers that the
            // tabs and the presence of a record page came with, each a script of its own.
            {
              name: 'runtime',
              test: /node_modules[\\/](@zag-js[\\/](utils[\\/]dist[\\/](guard|functions|equal|number)|core[\\/]dist[\\/]merge-props|dom-query[\\/]dist[\\/](node|computed-style))\.mjs$|@ark-ui[\\/]react[\\/]dist[\\/](utils[\\/](create-context|compose-refs)|providers[\\/]environment[\\/]use-environment-context|components[\\/]factory|_virtual[\\/]_rolldown[\\/]runtime)\.js$)/,
              includeDependenciesRecursively: false,
            },
            // The settings screen's panels' small modules, each shared with an email or lot screen.
            {
              name: 'settings-panels',
              test: /src[\\/]features[\\/](emails[\\/](HtmlPreview|format)|lots[\\/]ShelfLife)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            // The side menu's items with the list searches it reopens (every signed-in screen),
            // and a list's screen with the delete it shares with the record pages: each pair was
            // split in two scripts once a second reader came (+2.5 KB on every list screen).
            {
              name: 'nav',
              test: /src[\\/]features[\\/](shell[\\/]nav|lists[\\/]remember)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'list-screen',
              test: /src[\\/]features[\\/]lists[\\/](ListScreen|columns|usePendingDelete)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            // Chakra's components without a state machine that the signed-in screens use, in one
            // chunk: apart, each was a script of 0.2–1.2 KB, and a list screen loaded a dozen.
            // Those with a machine (dialog, tabs, menu, tooltip...) stay apart: they bring their
            // machine's chunk with them.
            {
              name: 'chakra-parts',
              test: /node_modules[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](badge[\\/]badge|input[\\/]input|textarea[\\/]textarea|button[\\/](icon|close)-button|grid[\\/]grid(-item)?|flex[\\/]flex|stack[\\/]h-stack|simple-grid[\\/]simple-grid|skeleton[\\/]skeleton|square[\\/]index|circle[\\/]index|alert[\\/]alert|table[\\/]table|icons|native-select[\\/]native-select|icon[\\/](create-)?icon|field[\\/]field|group[\\/]group|input-addon[\\/]input-addon|input-element[\\/]input-element|input-group[\\/]input-group|card[\\/]card|data-list[\\/]data-list)\.js$/,
              includeDependenciesRecursively: false,
            },
            // The app's own small components, likewise (0.2–0.7 KB each), with the schemas' loader
            // the form cards call (alone, it went into react-hook-form's chunk, and so every
            // screen loaded that); not those the first chunk or the sign-in screen load, nor the
            // dialogs, which bring Chakra's dialog.
            {
              name: 'components',
              test: /src[\\/](components[\\/](?!Logo|NotFound|LoadOnIntent|first-load-icons|[^\\/]*Dialog)[^\\/]+\.tsx|lib[\\/]schemas\.ts)$/,
              includeDependenciesRecursively: false,
            },
            // What every record page shows around its own content: the frame, the delete, the facts
            // and the history.
            {
              name: 'record-page',
              test: /src[\\/]features[\\/](records[\\/](RecordPage|RecordDelete)|documents[\\/]DocumentDetails|activity[\\/]RecordHistory)\.tsx$/,
              includeDependenciesRecursively: false,
            },
            // The invoice row actions and the PDF opener they call: always loaded together by the
            // invoices list and the invoice page.
            {
              name: 'invoice-actions',
              test: /src[\\/](features[\\/]invoices[\\/]useInvoiceActions|lib[\\/]open-pdf)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
