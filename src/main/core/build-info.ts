// When and from which commit this VOA Desk was built. A build (electron.vite.config.ts) writes both into
// the bundle; run from a source checkout (the CLI, the browser shell, tests) the commit is read from git
// and the build date says it was not built.
import { execFileSync } from 'node:child_process';

export interface BuildInfo {
  /** ISO date and time of the build, or "source checkout, not built". */
  buildDate: string;
  /** The commit's short hash, with "-dirty" when the tree had changes; "unknown" without git. */
  commit: string;
}

declare const __VOA_DESK_BUILD__: BuildInfo | undefined;

export const NOT_BUILT = 'source checkout, not built';

function fromCheckout(): BuildInfo {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5_000,
    }).trim();
  } catch {
    // No git, or not a checkout: the commit stays unknown.
  }
  return { buildDate: NOT_BUILT, commit };
}

let checkout: BuildInfo | undefined;

export const BUILD_INFO: BuildInfo = {
  get buildDate() {
    return typeof __VOA_DESK_BUILD__ !== 'undefined' ? __VOA_DESK_BUILD__.buildDate : NOT_BUILT;
  },
  get commit() {
    if (typeof __VOA_DESK_BUILD__ !== 'undefined') return __VOA_DESK_BUILD__.commit;
    checkout ??= fromCheckout();
    return checkout.commit;
  },
};
