// The baseline side of `npm run bench:ssr -- --baseline <git-ref>`: that commit checked out in a
// temporary git worktree, its dependencies installed, built. Both builds then run side by side on
// the same machine in the same minutes, which is the only fair comparison on a shared, noisy host.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function run(command, args, cwd, { quiet = false } = {}) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    const detail = quiet ? `\n${result.stderr || result.stdout}` : '';
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}${detail}`);
  }
  return quiet ? result.stdout.trim() : '';
}

const git = (root, ...args) => run('git', args, root, { quiet: true });

/** The full commit a ref names, or a clear error naming the ref. */
export function resolveRef(root, ref) {
  try {
    return git(root, 'rev-parse', '--verify', `${ref}^{commit}`);
  } catch {
    throw new Error(`--baseline: ${ref} names no commit in this repository`);
  }
}

const sameFile = (a, b) =>
  fs.existsSync(a) && fs.existsSync(b) && fs.readFileSync(a).equals(fs.readFileSync(b));

/**
 * Dependencies for the baseline: this checkout's node_modules when both lockfiles are identical
 * (a symlink: nothing to download, and exactly the same packages), else `npm ci` from its own lock.
 */
function installDependencies(root, dir) {
  const modules = path.join(dir, 'node_modules');
  if (fs.existsSync(modules)) return 'kept';
  if (sameFile(path.join(root, 'package-lock.json'), path.join(dir, 'package-lock.json'))) {
    fs.symlinkSync(path.join(root, 'node_modules'), modules, 'dir');
    return 'shared';
  }
  run('npm', ['ci', '--no-audit', '--no-fund'], dir);
  return 'installed';
}

/**
 * Checks `commit` out in a worktree under the system's temporary directory (one per commit, so a
 * kept one is reused by the next run), installs and builds it. Returns its root and a remover.
 * A build already made there (the marker names the commit) is reused.
 */
export function prepareBaseline(root, commit, { log = console.log } = {}) {
  const dir = path.join(os.tmpdir(), `puzzle-admin-baseline-${commit.slice(0, 12)}`);
  const marker = path.join(dir, 'dist', '.bench-baseline');
  if (!fs.existsSync(dir)) {
    log(`baseline: git worktree ${dir} at ${commit.slice(0, 12)}`);
    git(root, 'worktree', 'add', '--detach', dir, commit);
  }
  const dependencies = installDependencies(root, dir);
  log(`baseline: dependencies ${dependencies}`);
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === commit) {
    log('baseline: reusing its build');
  } else {
    log('baseline: npm run build');
    run('npm', ['run', 'build'], dir);
    fs.writeFileSync(marker, commit);
  }
  return {
    root: dir,
    commit,
    remove() {
      git(root, 'worktree', 'remove', '--force', dir);
    },
  };
}
