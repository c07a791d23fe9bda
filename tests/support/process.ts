import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  errors(): string;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'puzzle-admin-proc-'));
}

/**
 * Runs the server with only the given variables: `node dist/main.mjs`, or what `npm start` runs
 * (`scripts/start.mjs`, which builds first only when the build is out of date).
 */
export function spawnServer(
  env: Record<string, string>,
  script: 'dist/main.mjs' | 'scripts/start.mjs' = 'dist/main.mjs',
): ServerProcess {
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return track(child, env);
}

function track(child: ChildProcess, env: Record<string, string>): ServerProcess {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  return {
    child,
    url: `http://127.0.0.1:${env.PORT}`,
    output: () => stdout,
    errors: () => stderr,
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
}

/**
 * `npm start` as an operator types it, with the system's PATH only (the project's
 * `node_modules/.bin` left out, as in a fresh shell), in its own process group so that stopping it
 * stops the server npm started.
 */
export function spawnNpmStart(env: Record<string, string>): ServerProcess {
  const systemPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.includes(`${path.sep}node_modules${path.sep}`))
    .join(path.delimiter);
  return track(
    spawn('npm', ['start'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { PATH: systemPath, HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    }),
    env,
  );
}

/** Polls until `check` holds, or fails after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

export async function waitUntilReady(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    async () => (await fetch(`${server.url}/readyz`)).status === 200,
    timeoutMs,
    `${server.url}/readyz`,
  );
}
