import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  spawnServer,
  tempDir,
  waitFor,
  waitUntilReady,
  type ServerProcess,
} from '../support/process';
import { freshPostgresDatabase } from '../support/server';

/** CI provides a PostgreSQL server for both runs; PGlite lives in-process and cannot be "lost". */
const postgresUrl =
  process.env.POSTGRES_TEST_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** A TCP relay in front of PostgreSQL that the test can cut, as a network failure would. */
async function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    // A connection the kernel accepted just before the cut can still be handed over after it:
    // it must not become a way round the outage.
    if (cut) return void client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    cut() {
      cut = true;
      server.close();
      sockets.forEach((socket) => socket.destroy());
    },
  };
}

let server: ServerProcess | undefined;
let cleanup: (() => Promise<void>) | undefined;
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await cleanup?.();
});

describe('readiness', () => {
  it.skipIf(!postgresUrl)('turns 503 within 2 s of losing the database', async () => {
    const database = (await freshPostgresDatabase(postgresUrl))!;
    cleanup = database.drop;
    const target = new URL(database.url);
    const proxy = await relay(target);
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);

    server = spawnServer({
      PORT: String(await freePort()),
      DATA_DIR: tempDir(),
      DATABASE_URL: viaProxy.toString(),
      ADMIN_EMAIL: 'owner@example.test',
      ADMIN_PASSWORD: 'correct horse battery staple',
      LOG_LEVEL: 'silent',
    });
    await waitUntilReady(server);

    const cutAt = Date.now();
    proxy.cut();
    await waitFor(
      async () => (await fetch(`${server!.url}/readyz`)).status === 503,
      2000,
      '/readyz to turn 503',
    );
    expect(Date.now() - cutAt).toBeLessThan(2000);
    // The process itself stays up for the load balancer to see.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
