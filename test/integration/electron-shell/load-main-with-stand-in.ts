// `node --import <this file> out/main/index.js`: resolves `electron` to the recording stand-in, so the built
// main bundle runs unchanged in plain Node (Node's synchronous module hooks; nothing else is redirected).
import { registerHooks } from 'node:module';

const standIn = new URL('./recording-electron-stand-in.ts', import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron') return { url: standIn, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
