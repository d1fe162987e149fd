// `npm run shell -- [--data-dir DIR] [--profile NAME] [--port N]`: the source start first
// (../cli/source-start.mjs: Node's compile cache, zod's translations), then the browser shell's process,
// imported only once it is prepared so that every .ts source loads through it.
import { prepareSourceStart } from '../cli/source-start.mjs';

prepareSourceStart();
await import('./shell-process.ts');
