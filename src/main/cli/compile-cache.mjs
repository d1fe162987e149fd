// The CLI and the browser shell run the core from its .ts sources, and Node strips the types of every
// source it loads: about half the time of importing the core, and the first .ts file alone loads the
// stripper (a WebAssembly module). Node's compile cache keeps each module's stripped and compiled code
// between runs, checked against the file's content, so a changed source is compiled afresh and an
// unchanged one is neither stripped nor compiled again. That is why the entries that call this are
// JavaScript: a .ts entry would load the stripper before the cache is on. One cache per checkout, in
// node_modules/.cache/node-compile (where scripts/test.sh points the tests' Node too; gone with
// node_modules); NODE_COMPILE_CACHE names another folder and NODE_DISABLE_COMPILE_CACHE=1 turns it off.
// The desktop app runs a bundle and needs none of this.
import module from 'node:module';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

export const SOURCE_COMPILE_CACHE_DIR = fileURLToPath(
  new URL('../../../node_modules/.cache/node-compile', import.meta.url),
);

/** Call before the first import of a .ts source: only modules loaded afterwards use the cache. */
export function enableSourceCompileCache() {
  module.enableCompileCache(process.env.NODE_COMPILE_CACHE || SOURCE_COMPILE_CACHE_DIR);
}
