// `npm run shell -- [--data-dir DIR] [--profile NAME] [--port N]`: Node's compile cache first
// (../cli/compile-cache.mjs), then the browser shell's process, imported only once the cache is on so that
// every .ts source loads through it.
import { enableSourceCompileCache } from '../cli/compile-cache.mjs';

enableSourceCompileCache();
await import('./shell-process.ts');
