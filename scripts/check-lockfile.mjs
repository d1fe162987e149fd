// Fails when package-lock.json names an optional dependency it has no entry for. `npm ci` refuses such a
// lock ("Missing: …@ from lock file"), and a plain `npm install` here writes one: the registry these
// machines reach lacks some other platforms' native bindings (for example @unrs/resolver-binding-darwin-x64),
// and npm drops a binding it cannot fetch without a word. docs/testing.md "The lock file" says how to mend it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lock = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve('../package-lock.json')), 'utf8'));
const packages = lock.packages ?? {};

/** Where Node would find `name` when required from the package at `from`: its own node_modules, then upward. */
function resolves(from, name) {
  let base = from;
  for (;;) {
    if (packages[`${base === '' ? '' : `${base}/`}node_modules/${name}`]) return true;
    if (base === '') return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

const missing = [];
for (const [key, entry] of Object.entries(packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!resolves(key, name)) missing.push(`${key || 'the project'} → ${name}`);
  }
}

if (missing.length > 0) {
  console.error(`package-lock.json lacks ${missing.length} optional dependencies; npm ci will refuse it:`);
  for (const line of missing) console.error(`  ${line}`);
  process.exit(1);
}
