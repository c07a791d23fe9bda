import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { freePort, spawnNpmStart, spawnServer, tempDir, waitFor, waitUntilReady } from '../support/process';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function newDataDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}

/**
 * A data dir that has been started before (the run's migrated template): what a restart finds.
 * Only the demo-admin test needs a first start; the others test how the server starts, not migrating.
 */
function startedDataDir(): string {
  const dir = newDataDir();
  fs.cpSync(path.join(inject('databaseTemplate').pgliteDir, 'pglite'), path.join(dir, 'pglite'), {
    recursive: true,
  });
  return dir;
}

// Each test starts real processes, the demo admin's on a fresh database hashing at the real cost.
describe('the server process', { timeout: 150_000 }, () => {
  it('stops at start-up with a message naming a bad variable', async () => {
    const server = spawnServer({ PORT: 'abc', DATA_DIR: newDataDir() });
    expect(await server.exited).toBe(1);
    expect(server.errors()).toMatch(/Invalid configuration:\n\s+- PORT /);
  });

  it('creates a demo admin on a fresh embedded database, prints the sign-in once, logs JSON and drains on SIGTERM', async () => {
    const dataDir = newDataDir();
    const env = { PORT: String(await freePort()), DATA_DIR: dataDir };
    const first = spawnServer(env);
    await waitUntilReady(first);
    expect(first.output()).toMatch(/email:\s+admin@example\.com\n\s+password:\s+\S{12,}/);

    const page = await fetch(`${first.url}/?secret=abc`);
    expect(page.status).toBe(200);
    await page.text();
    const requestLines = () =>
      first
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    // The line is written when the response closes, a moment after the client has read it.
    await waitFor(() => requestLines().some((line) => line.path === '/'), 5000, 'the request log line');
    const logged = requestLines().find((line) => line.path === '/');
    expect(logged).toMatchObject({ method: 'GET', path: '/', status: 200 });
    expect(typeof logged?.ms).toBe('number');
    // The same id as the answer's X-Request-Id (and the audit rows the request wrote).
    expect(logged?.id).toBe(page.headers.get('x-request-id'));
    expect(first.output()).not.toContain('secret=abc');

    const started = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);

    const second = spawnServer(env);
    await waitUntilReady(second);
    expect(second.output()).not.toContain('password:');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    // The printed password works once: the first sign-in must replace it (tests/api/first-password).
    const pglite = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
    const { rows } = await pglite.query<{
      email: string;
      must_change_password: boolean;
      name: string;
      role: string;
    }>(`SELECT email, must_change_password, first_name || ' ' || last_name AS name, role FROM admins`);
    await pglite.close();
    // The demo Owner is a person, not "Admin".
    expect(rows).toEqual([
      { email: 'admin@example.com', must_change_password: true, name: 'Alex Morgan', role: 'owner' },
    ]);
  });

  it('npm start, with nothing set, starts the existing build at once and renders with production React', async () => {
    // NODE_DEBUG=module makes Node name every CommonJS file it loads: React picks its build there.
    const server = spawnServer(
      { PORT: String(await freePort()), DATA_DIR: startedDataDir(), NODE_DEBUG: 'module' },
      'scripts/start.mjs',
    );
    await waitUntilReady(server);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    const loaded = server
      .errors()
      .split('\n')
      .filter((line) => / load "/.test(line))
      .map((line) => /load "([^"]+)"/.exec(line)![1]!);
    expect(loaded.filter((file) => file.includes('react-dom-server.node.production.js'))).toHaveLength(1);
    expect(loaded.filter((file) => /[/\\]react[^/\\]*[/\\].*\.development\.js$/.test(file))).toEqual([]);
    // The build test:e2e and CI made is fresh: no rebuild on start.
    expect(server.output()).not.toMatch(/building/i);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it("npm start runs the server on the project's Node (>= 22.12), whatever Node the system has", async () => {
    const server = spawnNpmStart({ PORT: String(await freePort()), DATA_DIR: startedDataDir() });
    try {
      await waitUntilReady(server);
      const [major, minor] = /listening on \S+ \(Node (\d+)\.(\d+)/
        .exec(server.output())!
        .slice(1)
        .map(Number) as [number, number];
      expect(major * 1000 + minor).toBeGreaterThanOrEqual(22_012);
      // The project's own binary, not whatever the system has first on PATH.
      const own = execFileSync('node_modules/.bin/node', ['--version'], { encoding: 'utf8' }).trim();
      expect(server.output()).toContain(`(Node ${own.slice(1)})`);
    } finally {
      process.kill(-server.child.pid!, 'SIGTERM');
      await server.exited;
    }
  });
});
