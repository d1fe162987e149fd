// How the CLI and the browser shell start from the .ts sources: what the desktop app's bundle does at build
// time, done here at start. Call prepareSourceStart() before the first import of a .ts source.
//
// The compile cache. Node strips the types of every source it loads: about half the time of importing the
// core, and the first .ts file alone loads the stripper (a WebAssembly module). Node's compile cache keeps
// each module's stripped and compiled code between runs, checked against the file's content, so a changed
// source is compiled afresh and an unchanged one is neither stripped nor compiled again. That is why the
// entries that call this are JavaScript: a .ts entry would load the stripper before the cache is on. One
// cache per checkout, in node_modules/.cache/node-compile (where scripts/test.sh points the tests' Node too;
// gone with node_modules); NODE_COMPILE_CACHE names another folder and NODE_DISABLE_COMPILE_CACHE=1 turns it
// off.
//
// zod's translations. zod exports its messages in some fifty languages (z.locales), and every zod entry
// imports them all: a third of the core's import from the sources, one module each. The app's bundle leaves
// out those it never uses; here zod's list of them resolves to a module with the two VOA Desk uses (English,
// zod's default, and Dutch), so the sources start as the bundle does and validate alike.
import module from 'node:module';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

export const SOURCE_COMPILE_CACHE_DIR = fileURLToPath(
  new URL('../../../node_modules/.cache/node-compile', import.meta.url),
);

// The list of the zod the core imports, resolved as its imports resolve (another copy of zod, nested under
// a dependency, keeps its own list).
const ZOD_LOCALES_INDEX = import.meta.resolve('zod/v4/locales/index.js');
const ZOD_LOCALES_USED = new URL('./zod-locales-used.mjs', import.meta.url).href;

export function prepareSourceStart() {
  module.enableCompileCache(process.env.NODE_COMPILE_CACHE || SOURCE_COMPILE_CACHE_DIR);
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      return resolved.url === ZOD_LOCALES_INDEX ? { ...resolved, url: ZOD_LOCALES_USED } : resolved;
    },
  });
}
