import { execFileSync } from 'node:child_process';
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

/** The build date and commit that Settings' about section, `--version` and the support bundle show. */
function buildInfo(): { buildDate: string; commit: string } {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return '';
    }
  };
  const commit = process.env.VOA_DESK_COMMIT || git('rev-parse', '--short=10', 'HEAD') || 'unknown';
  const dirty = git('status', '--porcelain', '--untracked-files=no') ? '-dirty' : '';
  return { buildDate: new Date().toISOString(), commit: `${commit}${dirty}` };
}

export default defineConfig({
  main: {
    define: { __VOA_DESK_BUILD__: JSON.stringify(buildInfo()) },
    build: {
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          // The catalog's worker threads (the sync's, the search's) are entries of their own; chunks stay
          // beside the entries, so the code that starts them finds `./catalog-sync-worker.js` and
          // `./catalog-search-worker.js` next to itself (worker-calls.ts, workerEntryUrl).
          'catalog-sync-worker': resolve(__dirname, 'src/main/core/catalog/sync/catalog-sync-worker.ts'),
          'catalog-search-worker': resolve(
            __dirname,
            'src/main/core/catalog/search/catalog-search-worker.ts',
          ),
          'catalog-page-receiver': resolve(__dirname, 'src/main/core/catalog/sync/catalog-page-receiver.ts'),
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
      // electron-vite leaves the renderer unminified; the counter's first field takes keys sooner when
      // Chromium has a third of the script to read (docs/decisions.md, "Start-up and typing").
      minify: true,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
        // What the first screen shares with a screen loaded later goes into one chunk, not one chunk per
        // module: the counter's first field took the focus with 3 scripts where it had 12 to fetch
        // (docs/decisions.md, "Start-up and typing").
        output: { codeSplitting: { groups: [{ name: 'shared', minShareCount: 2 }] } },
      },
    },
  },
});
