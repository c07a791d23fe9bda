import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, database } from '../../src/server/db/client';
import { config } from '../../src/server/config';
import { ensureFirstAdmin } from '../../src/server/db/first-run';
import { migrate } from '../../src/server/db/migrate';
import { createAdmins } from '../support/admins';
import { freePort, spawnServer, waitUntilReady, type ServerProcess } from '../support/process';
import { rawRequest, type RawAnswer } from '../support/raw-http';
import { prepareTestEnvironment } from '../support/server';

const PASSWORD = 'drain test passphrase 42';
const SIGN_INS = 16;
/** The server's scrypt concurrency: min(UV_THREADPOOL_SIZE − 1, cores) (src/server/auth/hash-limiter.ts). */
const HASHES_AT_ONCE = Math.min(3, os.availableParallelism());

let server: ServerProcess | undefined;
let cleanup: (() => Promise<void>) | undefined;
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await cleanup?.();
});

/**
 * A database with one admin per sign-in (so no per-account throttle meets another sign-in), made
 * in this process and closed again: the server under test is a process of its own, the only way
 * to send it a real SIGTERM.
 */
async function databaseWithAdmins(emails: string[]) {
  // At the real cost: the drain must catch sign-ins still hashing when the signal comes.
  const environment = await prepareTestEnvironment({ PASSWORD_HASH_COST: '17' });
  const db = await database();
  await migrate(db);
  await ensureFirstAdmin(db, config(), () => {});
  await createAdmins(emails, PASSWORD);
  await closeDatabase();
  return environment;
}

/** A keep-alive connection that has had one answer and now sits idle; resolves when the server closes it. */
async function idleKeepAliveConnection(url: string): Promise<{ closed: Promise<number> }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => {});
  let received = '';
  await new Promise<void>((resolve) => {
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      if (/\r\n\r\n[^]*"ok"/.test(received)) resolve();
    });
    socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`);
  });
  return { closed: new Promise((resolve) => socket.once('close', () => resolve(Date.now()))) };
}

describe('SIGTERM', () => {
  // Sixteen sign-ins at the real hashing cost, on a machine shared with the other test files.
  it(
    'answers every request it had accepted, refuses new ones with 503, and exits 0 within 10 s',
    { timeout: 180_000 },
    async () => {
      const emails = Array.from({ length: SIGN_INS }, (_, index) => `drain-${index}@example.test`);
      const environment = await databaseWithAdmins(emails);
      cleanup = environment.drop;
      server = spawnServer({
        PORT: String(await freePort()),
        DATA_DIR: environment.dataDir,
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        TRUSTED_PROXIES: '127.0.0.1',
      });
      await waitUntilReady(server);

      // Each sign-in on a keep-alive connection of its own: the server must say when it closes them.
      const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
      const sentAt = Date.now();
      let answered = 0;
      let signedInBefore = 0;
      let roundMs = 0;
      let inFlightAtSignal = -1;
      let signal: () => void = () => {};
      const signalTime = new Promise<void>((resolve) => (signal = resolve));
      const signIns = emails.map((email, index) => {
        const body = JSON.stringify({ email, password: PASSWORD });
        const answer = rawRequest(`${server!.url}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${index + 1}` },
          body,
          agent,
        });
        return answer.then(
          (value) => {
            answered += 1;
            if (value.status === 200) {
              signedInBefore += 1;
              // The signal comes once a sign-in is through (so the server has read every request),
              // while some are still queued or hashing, but no more than this machine can finish
              // within the drain: scrypt runs two at a time here, ~0.5 s of a core each when the
              // machine is quiet, several times that when it is shared.
              const perRound = (Date.now() - sentAt) / Math.ceil(signedInBefore / HASHES_AT_ONCE);
              const left = SIGN_INS - answered;
              if (
                inFlightAtSignal < 0 &&
                (left <= HASHES_AT_ONCE || Math.ceil(left / HASHES_AT_ONCE) * perRound < 7_000)
              ) {
                [roundMs, inFlightAtSignal] = [perRound, left];
                signal();
              }
            }
            return { ok: true as const, value };
          },
          (error: Error) => ({ ok: false as const, error: error.message }),
        );
      });
      await signalTime;

      // Opened now, so the server's keep-alive timeout cannot be what closes it.
      const idle = await idleKeepAliveConnection(server.url);
      const signalAt = Date.now();
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 100));
      // A second signal (an impatient supervisor, Ctrl+C twice) changes nothing.
      server.child.kill('SIGTERM');
      server.child.kill('SIGINT');

      const readiness = await rawRequest(`${server.url}/readyz`);
      expect(readiness.status).toBe(503);
      expect(JSON.parse(readiness.text)).toEqual({ status: 'draining' });
      expect(readiness.headers.connection).toBe('close');

      const lateApi = await rawRequest(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: emails[0], password: PASSWORD }),
      });
      expect(lateApi.status).toBe(503);
      expect(lateApi.headers.connection).toBe('close');
      expect(lateApi.headers['retry-after']).toMatch(/^\d+$/);
      expect(lateApi.headers['x-content-type-options']).toBe('nosniff');
      expect(JSON.parse(lateApi.text)).toMatchObject({ succeeded: false, ResponseCode: 503 });
      const latePage = await rawRequest(`${server.url}/about`);
      expect(latePage.status).toBe(503);
      expect(latePage.headers.connection).toBe('close');
      expect(latePage.headers['content-type']).toBe('text/html; charset=utf-8');

      // The idle keep-alive connection is closed at once rather than left to time out.
      const idleClosedAfter = (await idle.closed) - signalAt;
      expect(idleClosedAfter).toBeGreaterThanOrEqual(0);
      expect(idleClosedAfter).toBeLessThan(2000);

      const outcomes = await Promise.all(signIns);
      const exitCode = await server.exited;
      const exitedAfter = Date.now() - signalAt;

      const failures = outcomes.filter((outcome) => !outcome.ok);
      expect(failures, `requests cut without an answer; server log:\n${server.errors()}`).toEqual([]);
      const answers = outcomes.map((outcome) => (outcome as { value: RawAnswer }).value);
      const bodies = answers.map((answer) => JSON.parse(answer.text) as Record<string, unknown>);
      // The hashing bound takes 2 at a time and queues 8; more than that at once are refused with
      // 503 "busy" before any work (README, "Signing in"). A request the server had not yet read
      // when the signal came (this machine is busy hashing) is a new one: 503 "restarting".
      // Every one it took signs in.
      const signedIn = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status === 503);
      expect(signedIn.length + refused.length).toBe(SIGN_INS);
      expect(signedIn.length).toBeGreaterThanOrEqual(10);
      for (const [index, answer] of answers.entries()) {
        if (answer.status === 200) {
          expect((bodies[index]!.ResponseBody as { otpToken?: string }).otpToken).toMatch(/\S{20,}/);
        } else {
          expect(bodies[index]!.ResponseMessage).toMatch(/busy|restarting/i);
        }
      }
      // The drain mattered: sign-ins were still hashing when the signal came, and those answers
      // closed their keep-alive connection. (Half a second of margin: this process, busy too, reads
      // answers late; one sent just before the signal may arrive just after it.)
      expect(inFlightAtSignal).toBeGreaterThanOrEqual(2);
      const afterSignal = answers.filter((answer) => answer.at > signalAt + 500);
      expect(afterSignal.length).toBeGreaterThanOrEqual(Math.min(2, inFlightAtSignal - 1));
      for (const answer of afterSignal) expect(answer.headers.connection).toBe('close');

      expect(exitCode).toBe(0);
      expect(exitedAfter).toBeLessThan(10_000);
      // Nothing failed on the way out (a database closed under a request would log here).
      expect(server.errors()).not.toMatch(/"level":"error"/);
      console.log(
        `shutdown: ${signedIn.length} signed in (${inFlightAtSignal} in flight at SIGTERM, ` +
          `${Math.round(roundMs)} ms per two hashes), ` +
          `${refused.length} refused (busy, or not yet read at the signal); exit ${exitCode} ${exitedAfter} ms after SIGTERM`,
      );
      agent.destroy();
    },
  );
});
