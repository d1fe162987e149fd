// Builds the browser shell's page script (its stand-in for the preload) as one classic script.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    outDir: 'out/shell',
    emptyOutDir: true,
    lib: {
      entry: resolve(import.meta.dirname, 'src/main/browser-shell/page/voa-bridge.ts'),
      formats: ['iife'],
      name: 'voaDeskBridge',
      fileName: () => 'voa-bridge.js',
    },
  },
});
