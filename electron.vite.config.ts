import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { RENDERER_CSP, RENDERER_DEV_CSP } from './src/shared/renderer-csp.ts';

/**
 * The renderer's Content Security Policy as a meta tag: the strict one in built pages (main's app://
 * protocol and the browser shell send it as a header too), the dev one on the dev server, whose React
 * refresh needs an inline script.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'voa-desk-csp',
    transformIndexHtml: (_html, context) => [
      {
        tag: 'meta',
        attrs: {
          'http-equiv': 'Content-Security-Policy',
          content: context.server ? RENDERER_DEV_CSP : RENDERER_CSP,
        },
        injectTo: 'head',
      },
    ],
  };
}

export default defineConfig({
  main: {
    build: {
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          // The catalog's worker threads (the sync's, the search's) are entries of their own; chunks stay
          // beside the entries, so the code that starts them finds `./catalog-sync-worker.js` and
          // `./catalog-search-worker.js` next to itself (worker-calls.ts, workerEntryUrl).
          'catalog-sync-worker': resolve(__dirname, 'src/main/core/catalog/catalog-sync-worker.ts'),
          'catalog-search-worker': resolve(__dirname, 'src/main/core/catalog/catalog-search-worker.ts'),
          'catalog-page-receiver': resolve(__dirname, 'src/main/core/catalog/catalog-page-receiver.ts'),
        },
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot be an ES module: build it as one CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [react(), contentSecurityPolicy()],
    build: {
      rolldownOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
});
