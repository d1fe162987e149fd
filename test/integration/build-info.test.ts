import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkoutCommit } from '../../src/main/core/build-info.ts';

// Against real git: each state a checkout can be in, read back as `git rev-parse --short=10 HEAD` says.
describe('build info: the commit of a source checkout', () => {
  let root: string;
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.test', ...args], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  const revParse = (cwd: string) => git(cwd, 'rev-parse', '--short=10', 'HEAD');

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'voa-build-info-'));
    await mkdir(path.join(root, 'repo', 'src', 'main'), { recursive: true });
    git(path.join(root, 'repo'), 'init', '--quiet', '--initial-branch=main');
    await writeFile(path.join(root, 'repo', 'src', 'main', 'a.ts'), 'export {};\n');
    git(path.join(root, 'repo'), 'add', '.');
    git(path.join(root, 'repo'), 'commit', '--quiet', '-m', 'first');
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('is the branch head, read from a folder deep in the checkout', () => {
    const repo = path.join(root, 'repo');
    expect(checkoutCommit(path.join(repo, 'src', 'main'))).toBe(revParse(repo));
  });

  it('is the branch head once git has packed its refs', () => {
    const repo = path.join(root, 'repo');
    git(repo, 'commit', '--quiet', '--allow-empty', '-m', 'second');
    git(repo, 'pack-refs', '--all');
    expect(checkoutCommit(repo)).toBe(revParse(repo));
  });

  it('is the commit checked out on a detached head', () => {
    const repo = path.join(root, 'repo');
    const first = revParse(repo);
    git(repo, 'commit', '--quiet', '--allow-empty', '-m', 'second');
    git(repo, 'checkout', '--quiet', '--detach', first);
    expect(checkoutCommit(repo)).toBe(first);
  });

  it("is a worktree's own branch head, not the main checkout's", () => {
    const repo = path.join(root, 'repo');
    const tree = path.join(root, 'tree');
    git(repo, 'worktree', 'add', '--quiet', '-b', 'side', tree);
    git(tree, 'commit', '--quiet', '--allow-empty', '-m', 'on the side');
    expect(checkoutCommit(path.join(tree, 'src'))).toBe(revParse(tree));
    expect(checkoutCommit(tree)).not.toBe(revParse(repo));
  });

  it('is unknown outside any checkout, as git says', async () => {
    const elsewhere = path.join(root, 'plain');
    await mkdir(elsewhere);
    const gitSays = (() => {
      try {
        return revParse(elsewhere);
      } catch {
        return undefined; // "not a git repository"
      }
    })();
    expect(checkoutCommit(elsewhere)).toBe(gitSays);
  });
});
