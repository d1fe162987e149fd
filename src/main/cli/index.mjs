// `npm run cli -- <command>` in a source checkout: Node's compile cache first (compile-cache.mjs), then the
// CLI's process, imported only once the cache is on so that every .ts source loads through it.
import { enableSourceCompileCache } from './compile-cache.mjs';

enableSourceCompileCache();
await import('./cli-process.ts');
