import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './process';

const run = promisify(execFile);

/** The newest installed PostgreSQL's bin directory (Debian layout, as .ci/run uses), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((name) => fs.existsSync(path.join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(root, versions.at(-1)!, 'bin') : null;
}

export interface ThrowawayCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  /** `pg_ctl stop -m fast`: open connections are terminated (57P01), new ones refused. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections (`pg_ctl -w`). */
  start(): Promise<void>;
  readonly running: boolean;
  /** Stops it (if running) and deletes its files. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of the test's own, in a temp dir, that the test may stop and start like an
 * operator would: the shared test server must stay up for every other test file. initdb refuses
 * to run as root, so as root the cluster belongs to the `postgres` user, as in .ci/run.
 */
export async function startThrowawayCluster(binDir: string): Promise<ThrowawayCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzle-admin-outage-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), -1);
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  const shell = (command: string) =>
    asRoot ? run('su', ['postgres', '-s', '/bin/bash', '-c', command]) : run('bash', ['-c', command]);
  const port = await freePort();
  const data = path.join(dir, 'data');
  const pgCtl = path.join(binDir, 'pg_ctl');
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  await shell(`${quote(path.join(binDir, 'initdb'))} -D ${quote(data)} -A trust -U postgres --no-sync`);
  const start = async () => {
    await shell(
      `${quote(pgCtl)} -D ${quote(data)} -l ${quote(path.join(dir, 'log'))} -w -o ${quote(options)} start`,
    );
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await shell(`${quote(pgCtl)} -D ${quote(data)} -m ${mode} -w stop`);
  };
  await start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    get running() {
      return running;
    },
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await stop('immediate').catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
