// `npm run cli -- <command>` in a source checkout: the source start first (source-start.mjs: Node's compile
// cache, zod's translations), then the CLI's process, imported only once it is prepared so that every .ts
// source loads through it.
import { prepareSourceStart } from './source-start.mjs';

prepareSourceStart();
await import('./cli-process.ts');
