// Run as a script by host-libraries.test.ts: a core in a process of its own, which prints which of the host
// layer's libraries (undici; msal-node, seen by its CommonJS dependency jsonwebtoken) Node had loaded after
// open, and after start() and the warm-up, as one JSON line.
//
// node test/support/host-libraries-probe.ts DATA_DIR PROFILE DELAY_MS [close-early]
import { createRequire } from 'node:module';
import { VoaCore } from '../../src/main/core/voa-core.ts';

const [dataDir = '', profile = '', delay = '0', mode = ''] = process.argv.slice(2);
const moduleCache = createRequire(import.meta.url).cache;
const loaded = () =>
  ['undici', 'jsonwebtoken'].filter((name) =>
    Object.keys(moduleCache).some((file) => file.includes(`/node_modules/${name}/`)),
  );

const core = await VoaCore.open({
  location: { dataDir, profile },
  shell: 'browser',
  version: 'probe',
  warmUpDelayMs: Number(delay),
});
const afterOpen = loaded();
core.start();
if (mode === 'close-early') await core.close();
await core.hostLibrariesWarm;
const afterWarmUp = loaded();
if (mode !== 'close-early') await core.close();
process.stdout.write(`${JSON.stringify({ afterOpen, afterWarmUp })}\n`);
