// Electron's own install script downloads its binary from outside the npm registry. Where that site is
// reachable we run it as usual; where it is not (CI here, air-gapped machines) the install still succeeds
// and VOA Desk runs in the browser shell instead. package.json denies electron's install script so that
// this file is the one place that decides.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
let installScript;
try {
  installScript = path.join(path.dirname(require.resolve('electron/package.json')), 'install.js');
} catch {
  process.exit(0); // electron not installed (production install without devDependencies)
}
if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
  console.log('voa-desk: ELECTRON_SKIP_BINARY_DOWNLOAD is set; not fetching the Electron binary.');
  process.exit(0);
}
if (!existsSync(installScript)) process.exit(0);
const result = spawnSync(process.execPath, [installScript], {
  stdio: ['ignore', 'pipe', 'pipe'],
  timeout: 120_000,
  encoding: 'utf8',
});
if (result.status === 0) {
  console.log('voa-desk: Electron binary is installed; `npm start` opens the desktop window.');
} else {
  const reason = (result.stderr || result.stdout || String(result.error ?? ''))
    .trim()
    .split('\n')
    .slice(-1)[0];
  console.log(
    'voa-desk: the Electron binary could not be downloaded (' +
      (reason || 'no answer') +
      '). Install continues; use `npm run demo` or `npm run shell` to run VOA Desk in the browser shell.',
  );
}
