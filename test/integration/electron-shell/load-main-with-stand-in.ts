// `node --import <this file> out/main/index.js`: resolves `electron` and `electron-updater` to the recording
// stand-ins, so the built main bundle runs unchanged in plain Node (Node's synchronous module hooks; nothing
// else is redirected).
import { registerHooks } from 'node:module';

const standIn = new URL('./recording-electron-stand-in.ts', import.meta.url).href;
const updaterStandIn = new URL('./recording-updater-stand-in.ts', import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron') return { url: standIn, shortCircuit: true };
    if (specifier === 'electron-updater') return { url: updaterStandIn, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
