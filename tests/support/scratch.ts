import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Linux's memory file system, and the room a run needs there (a few dozen 44 MB data dirs at once). */
const MEMORY_DISK = '/dev/shm';
const ROOM_NEEDED = 2 * 2 ** 30;

function hasRoom(dir: string): boolean {
  try {
    const { bavail, bsize } = fs.statfsSync(dir);
    return bavail * bsize >= ROOM_NEEDED;
  } catch {
    return false;
  }
}

/**
 * Makes one folder for everything a test run writes and points TMPDIR at it, so the test servers'
 * and service tests' data dirs, the processes the tests start and Chromium's profiles all land there
 * (`os.tmpdir()`). It is in memory when the system has room there and TMPDIR was not set by hand:
 * PGlite writes and syncs its files, and each test server copies the 44 MB template, which on a
 * disk cost the API tests a quarter of their CPU time in the kernel (docs/testing.md). Returns a
 * function that removes the folder, and with it whatever a crashed test left behind.
 */
export function useRunScratch(): () => void {
  const base = process.env.TMPDIR || !hasRoom(MEMORY_DISK) ? os.tmpdir() : MEMORY_DISK;
  const dir = fs.mkdtempSync(path.join(base, 'puzzle-admin-run-'));
  // Others may pass through, not list: the outage test's PostgreSQL cluster runs as the postgres
  // user in a folder of its own in here (pg-cluster.ts).
  fs.chmodSync(dir, 0o711);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
