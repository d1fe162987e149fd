// When and from which commit this VOA Desk was built. A build (electron.vite.config.ts) writes both into
// the bundle; run from a source checkout (the CLI, the browser shell, tests) the commit is read from git
// and the build date says it was not built.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface BuildInfo {
  /** ISO date and time of the build, or "source checkout, not built". */
  buildDate: string;
  /** The commit's short hash, with "-dirty" when the tree had changes; "unknown" without git. */
  commit: string;
}

declare const __VOA_DESK_BUILD__: BuildInfo | undefined;

export const NOT_BUILT = 'source checkout, not built';

const SHORT_HASH = 10;
const HASH = /^[0-9a-f]{40,64}$/;

/** The git directory of the checkout this file is in (`.git` is a folder, or a worktree's `gitdir:` file). */
function gitDirAbove(start: string): string | undefined {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const dotGit = path.join(dir, '.git');
    try {
      const pointer = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1];
      return pointer ? path.resolve(dir, pointer.trim()) : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EISDIR') return dotGit;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** A ref's commit: its own file, else its line in packed-refs (in the common dir a worktree shares). */
function refCommit(gitDir: string, ref: string): string | undefined {
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  };
  const commonDir = path.resolve(gitDir, read(path.join(gitDir, 'commondir'))?.trim() ?? '.');
  for (const dir of [gitDir, commonDir]) {
    const loose = read(path.join(dir, ref))?.trim();
    if (loose && HASH.test(loose)) return loose;
  }
  for (const line of read(path.join(commonDir, 'packed-refs'))?.split('\n') ?? []) {
    const [hash, name] = line.split(' ');
    if (name === ref && hash && HASH.test(hash)) return hash;
  }
  return undefined;
}

/**
 * The short hash of the commit checked out where `dir` is, as `git rev-parse --short=10 HEAD` gives it,
 * read from the checkout's git files: spawning git cost 10 to 80 ms of every start of the CLI and the
 * browser shell on these machines, for a commit that is only logged and shown. Undefined when `dir` is in
 * no checkout or git left it in a state this does not read.
 */
export function checkoutCommit(dir: string): string | undefined {
  try {
    const gitDir = gitDirAbove(dir);
    if (!gitDir) return undefined;
    const head = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    const ref = /^ref: (.+)$/.exec(head)?.[1];
    const hash = ref ? refCommit(gitDir, ref) : HASH.test(head) ? head : undefined;
    return hash?.slice(0, SHORT_HASH);
  } catch {
    return undefined;
  }
}

function fromCheckout(): BuildInfo {
  return { buildDate: NOT_BUILT, commit: checkoutCommit(import.meta.dirname) ?? 'unknown' };
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
