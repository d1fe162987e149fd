// The browser shell's process (started by cli.mjs, `npm run shell -- [--data-dir DIR] [--profile NAME]
// [--port N]`): VOA Desk in a browser, for machines without the Electron binary and for end-to-end tests.
// Prints one JSON line ({ url, port, dataDir }) on standard output once ready, then serves until stopped.
// The URL carries the per-run token that lets a page use the desk: it is printed once, there, for the
// person (or test) that started the shell, and never on standard error, which service managers and
// terminals keep in logs.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { packageVersion } from '../cli/cli-context.ts';
import { resolveProfileLocation } from '../core/data-dir.ts';
import { VoaCore } from '../core/voa-core.ts';
import { startBrowserShell } from './browser-shell-server.ts';
import { standInUpdater } from './stand-in-updater.ts';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    profile: { type: 'string' },
    port: { type: 'string' },
  },
});

const buildDir = path.resolve(import.meta.dirname, '../../../out');
if (
  !existsSync(path.join(buildDir, 'renderer', 'index.html')) ||
  !existsSync(path.join(buildDir, 'shell', 'voa-bridge.js'))
) {
  console.error('voa-desk: the renderer is not built; run `npm run build` first.');
  process.exit(1);
}

const location = resolveProfileLocation({ dataDir: values['data-dir'], profile: values.profile });
const core = await VoaCore.open({
  location,
  shell: 'browser',
  version: packageVersion(),
  // A development and test tool: it may read a policy from elsewhere than the machine's own place.
  ...(process.env.VOA_DESK_POLICY_FILE ? { policyFile: process.env.VOA_DESK_POLICY_FILE } : {}),
  // No updater here: a stand-in, so that Settings' updates can be seen (used only when the policy names a
  // folder, as in the desktop app).
  updater: standInUpdater(process.env.VOA_DESK_SHELL_UPDATE, packageVersion()),
});
// For end-to-end tests of the customer's idle sign-out: each minute of the idle setting lasts this many
// milliseconds, so the setting is honoured in seconds instead of minutes.
const idleMinuteMs = Number(process.env.VOA_DESK_SHELL_IDLE_MINUTE_MS);
if (idleMinuteMs > 0) core.portal.tune({ idleMinuteMs });
core.start();
const shell = await startBrowserShell({ core, buildDir, port: values.port ? Number(values.port) : 0 });
process.stdout.write(`${JSON.stringify({ url: shell.url, port: shell.port, dataDir: location.dataDir })}\n`);
console.error(
  `VOA Desk is running in the browser shell on ${shell.origin}: open the address printed on standard output (it carries the key to the desk).`,
);

const stop = async () => {
  await shell.close();
  // Awaited: the portal's SignOut, the sender's hand-back of its leases and the databases' close.
  await core.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
