// `node scripts/electronegativity/scan.ts` (a step of `npm test`): Electronegativity, Doyensec's checker for
// Electron misconfigurations, over src/main, src/preload and the built renderer (out/renderer, so run
// `npm run build` first). Every finding must be fixed or listed with its reason in docs/security.md
// ("Electronegativity findings"); an unexplained finding, or a listed one that no longer occurs, fails.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { createRequire, registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
const require = createRequire(path.join(root, 'package.json'));
const offlineGot = pathToFileURL(path.join(import.meta.dirname, 'offline-got.cjs')).href;
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'got') return { url: offlineGot, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});

interface Issue {
  id: string;
  file: string;
  location: { line: number; column: number };
  description: string;
  manualReview: boolean;
}
type Run = (
  options: Record<string, unknown>,
) => Promise<{ issues: Issue[]; errors: { file: string; message: string }[] }>;
const run = require('@doyensec/electronegativity/dist/runner.js') as Run;

/** The Electron we build with: the tool cannot read it from our sources. */
const electronVersion = (require('electron/package.json') as { version: string }).version;
const INPUTS = ['src/main', 'src/preload', 'out/renderer'];
/** Needs the network (Electron's release list); Electron's version is kept current through npm instead. */
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck'];

/** `| CHECK_ID | path/to/file | reason |` rows under the "Electronegativity findings" heading. */
function explainedFindings(): Map<string, string> {
  const doc = readFileSync(path.join(root, 'docs/security.md'), 'utf8');
  const section = doc.split(/^## Electronegativity findings$/m)[1]?.split(/^## /m)[0] ?? '';
  const explained = new Map<string, string>();
  for (const match of section.matchAll(/^\| `([A-Z_]+)` \| `([^`]+)` \| (.+) \|$/gm)) {
    explained.set(`${match[1]} ${match[2]}`, match[3] as string);
  }
  return explained;
}

const explained = explainedFindings();
const seen = new Set<string>();
let unexplained = 0;
// One scan over a copy of the three folders, so that the global checks (CSP, navigation limits, permission
// handler) see the main process, the preload and the page together, as Electron runs them.
const scanDir = mkdtempSync(path.join(os.tmpdir(), 'voa-electronegativity-'));
try {
  for (const input of INPUTS) cpSync(path.join(root, input), path.join(scanDir, input), { recursive: true });
  const result = await run({
    input: scanDir,
    isRelative: false,
    excludeFromScan: EXCLUDED_CHECKS,
    electronVersionOverride: electronVersion,
    parserPlugins: [],
  });
  for (const error of result.errors) {
    unexplained++;
    console.error(
      `electronegativity: could not parse ${path.relative(scanDir, error.file)}: ${error.message}`,
    );
  }
  for (const issue of result.issues) {
    const file = issue.file === 'N/A' ? '(whole app)' : path.relative(scanDir, issue.file);
    const key = `${issue.id} ${file}`;
    seen.add(key);
    const where = `${file}:${issue.location.line}:${issue.location.column}`;
    if (explained.has(key)) console.log(`explained   ${issue.id.padEnd(40)} ${where}`);
    else {
      unexplained++;
      console.error(`UNEXPLAINED ${issue.id.padEnd(40)} ${where}\n            ${issue.description}`);
    }
  }
} finally {
  rmSync(scanDir, { recursive: true, force: true });
}
for (const key of explained.keys()) {
  if (!seen.has(key)) {
    unexplained++;
    console.error(
      `STALE      ${key}: listed in docs/security.md but no longer found; remove it from the list`,
    );
  }
}
if (unexplained) {
  console.error(
    `electronegativity: ${unexplained} finding(s) neither fixed nor explained in docs/security.md`,
  );
  process.exit(1);
}
console.log(
  `electronegativity: ${INPUTS.join(', ')} (Electron ${electronVersion}): every finding fixed or explained`,
);
