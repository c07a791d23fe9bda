import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/tokens';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable';
import { codeFrom, startMailbox, type Mailbox } from '../support/mailbox';
import { postgresBinDir, startThrowawayCluster, type ThrowawayCluster } from '../support/pg-cluster';
import { freePort, spawnServer, tempDir, waitUntilReady, type ServerProcess } from '../support/process';
import { rawRequest, type RawAnswer } from '../support/raw-http';

/**
 * PGlite runs inside the server's own process: it cannot be stopped while the server keeps
 * running, so there is no outage to test. With DATABASE_URL (CI's PostgreSQL pass) the test
 * starts a cluster of its own, which it stops and starts again like an operator would.
 */
const binDir = postgresBinDir();
const skipReason = !process.env.DATABASE_URL
  ? 'PGlite lives in the server process and cannot go down on its own'
  : !binDir
    ? 'no PostgreSQL binaries (initdb, pg_ctl) in /usr/lib/postgresql'
    : null;

const ADMIN = { email: 'outage-owner@example.test', password: 'outage test passphrase 17' };

let cluster: ThrowawayCluster | undefined;
let server: ServerProcess | undefined;
let mailbox: Mailbox | undefined;
let sessionToken = '';

/** The headers a browser sends from one of our pages, signed in, in `locale`. */
function browser(locale?: string, extra: Record<string, string> = {}): Record<string, string> {
  const cookies = [`session=${sessionToken}`, ...(locale ? [`locale=${locale}`] : [])];
  return { cookie: cookies.join('; '), 'sec-fetch-site': 'same-origin', ...extra };
}

function expectSecurityHeaders(answer: RawAnswer, what: string) {
  expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
  expect(answer.headers['content-security-policy'], what).toMatch(/frame-ancestors 'none'/);
  expect(answer.headers['cache-control'], what).toBe('no-store');
  expect(answer.headers['retry-after'], what).toBe('5');
  expect(answer.headers.location, what).toBeUndefined();
}

function expectEnvelope503(answer: RawAnswer, message: string, what: string) {
  expect(answer.status, what).toBe(503);
  expectSecurityHeaders(answer, what);
  expect(answer.headers['content-type'], what).toBe('application/json; charset=utf-8');
  expect(JSON.parse(answer.text), what).toEqual({
    succeeded: false,
    ResponseCode: 503,
    ResponseMessage: message,
  });
}

function expectPage503(
  answer: RawAnswer,
  texts: { lang: string; title: string; retryHref: string },
  what: string,
) {
  expect(answer.status, what).toBe(503);
  expectSecurityHeaders(answer, what);
  expect(answer.headers['content-type'], what).toBe('text/html; charset=utf-8');
  expect(answer.text, what).toContain(`<html lang="${texts.lang}"`);
  expect(answer.text, what).toContain(`<h1 class="h3 mb-2">${texts.title}</h1>`);
  // The shell's look: the app's stylesheet and name, and a way to try again.
  expect(answer.text, what).toMatch(/<link rel="stylesheet" href="\/_astro\/[^"]+\.css"/);
  expect(answer.text, what).toContain('<a class="app-brand" href="/">');
  const retry = /<a class="btn btn-primary" href="([^"]*)"/.exec(answer.text)?.[1];
  expect(retry?.replace(/&#38;|&amp;/g, '&'), what).toBe(texts.retryHref);
  // Nothing that needed the database: no admin's name.
  expect(answer.text, what).not.toContain(ADMIN.email);
}

/** The server's JSON log lines on stderr. */
function errorLines(): Array<Record<string, unknown>> {
  return server!
    .errors()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

beforeAll(async () => {
  if (skipReason) return;
  cluster = await startThrowawayCluster(binDir!);
  mailbox = await startMailbox();
  server = spawnServer({
    PORT: String(await freePort()),
    DATA_DIR: tempDir(),
    DATABASE_URL: cluster.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: mailbox.url,
    LOG_LEVEL: 'silent',
  });
  await waitUntilReady(server);
  // As if the first-start password had already been replaced (tests/api/first-password covers that).
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  await client.query('UPDATE admins SET must_change_password = false');
  await client.end();

  const json = { 'content-type': 'application/json' };
  const login = await rawRequest(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  const { otpToken } = (JSON.parse(login.text) as { ResponseBody: { otpToken: string } }).ResponseBody;
  const otp = codeFrom(await mailbox.nextMail(ADMIN.email));
  const verified = await rawRequest(`${server.url}/api/admin/verifyotp`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ otpToken, otp }),
  });
  expect(verified.status).toBe(200);
  const cookie = (verified.headers['set-cookie'] ?? []).find((line) => line.startsWith('session='));
  sessionToken = /^session=([^;]+)/.exec(cookie ?? '')![1]!;
}, 120_000);

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await mailbox?.close();
  await cluster?.destroy();
});

describe.skipIf(skipReason)(`with the database down${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it('answers 503 everywhere, sends nobody to sign in, logs one safe line per failure, and recovers within 1 s', async () => {
    const url = server!.url;
    expect((await rawRequest(`${url}/dashboard`, { headers: browser() })).status).toBe(200);
    expect((await rawRequest(`${url}/api/admin/getprofile`, { headers: browser() })).status).toBe(200);

    await cluster!.stop();
    const failed: RawAnswer[] = [];
    const ask = async (path: string, options: Parameters<typeof rawRequest>[1] = {}) => {
      const answer = await rawRequest(`${url}${path}`, options);
      failed.push(answer);
      return answer;
    };

    // API with a session: the envelope, in the request's language.
    expectEnvelope503(
      await ask('/api/admin/getprofile', { headers: browser() }),
      'The service is temporarily unavailable. Please try again in a moment.',
      'getprofile',
    );
    expectEnvelope503(
      await ask('/api/admin/getprofile', { headers: browser('fr') }),
      'Le service est momentanément indisponible. Veuillez réessayer dans un instant.',
      'getprofile in French',
    );
    // Pages with a session: the page, not a redirect to sign in.
    expectPage503(
      await ask('/dashboard', { headers: browser('fr') }),
      { lang: 'fr', title: 'Momentanément indisponible', retryHref: '/dashboard' },
      'dashboard in French',
    );
    expectPage503(
      await ask('/users?page=2&search=ann', { headers: browser(undefined, { 'accept-language': 'zh-CN' }) }),
      { lang: 'zh-CN', title: '暂时无法使用', retryHref: '/users?page=2&search=ann' },
      'users in Chinese from Accept-Language',
    );
    // A public page that reads the database (the About text), signed out.
    expectPage503(
      await ask('/about'),
      { lang: 'en', title: 'Temporarily unavailable', retryHref: '/about' },
      'about',
    );
    // Signing in: the JSON step, and the form post made without page script.
    expectEnvelope503(
      await ask('/api/admin/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      }),
      'The service is temporarily unavailable. Please try again in a moment.',
      'login',
    );
    expectPage503(
      await ask('/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
        body: new URLSearchParams(ADMIN).toString(),
      }),
      { lang: 'en', title: 'Temporarily unavailable', retryHref: '/' },
      'sign-in form post',
    );
    // Parallel requests each get their own answer.
    const parallel = await Promise.all(
      Array.from({ length: 8 }, () => ask('/api/admin/getprofile', { headers: browser() })),
    );
    expect(parallel.map((answer) => answer.status)).toEqual(Array(8).fill(503));
    // Readiness says so too; liveness does not (the process is fine).
    expect((await rawRequest(`${url}/readyz`)).status).toBe(503);
    expect((await rawRequest(`${url}/healthz`)).status).toBe(200);

    // One line per failed request, naming it, with the error's class and code and nothing the
    // request carried: no email, no password, no token or its hash, no query parameters.
    const lines = errorLines();
    for (const answer of failed) {
      const id = answer.headers['x-request-id'];
      const own = lines.filter((line) => line.requestId === id);
      expect(own, `log lines of ${id}`).toHaveLength(1);
      expect(own[0]).toMatchObject({ level: 'error', event: 'database.unavailable' });
      expect(own[0]!.code).toMatch(/^(ECONNREFUSED|57P0[1-3]|08\w{3})$/);
    }
    const log = server!.errors();
    for (const secret of [ADMIN.email, ADMIN.password, sessionToken, hashToken(sessionToken), 'params:']) {
      expect(log).not.toContain(secret);
    }

    // Back up: the very next request is served, with no restart of the server.
    await cluster!.start();
    const acceptingAt = performance.now();
    let recovered: RawAnswer;
    do {
      recovered = await rawRequest(`${url}/api/admin/getprofile`, { headers: browser() });
    } while (recovered.status !== 200 && performance.now() - acceptingAt < 5000);
    const recoveryMs = performance.now() - acceptingAt;
    expect(recovered.status).toBe(200);
    expect(recoveryMs).toBeLessThan(1000);
    expect((await rawRequest(`${url}/dashboard`, { headers: browser() })).status).toBe(200);
    expect((await rawRequest(`${url}/about`)).status).toBe(200);
    // The page exists only in place of another: asked for by its address, it is an unknown page.
    const direct = await rawRequest(`${url}/unavailable`);
    expect([direct.status, direct.headers.location]).toEqual([302, '/']);
    console.log(
      `db-outage: first answer after the cluster accepted connections in ${recoveryMs.toFixed(0)} ms`,
    );
  });

  it('tells a database that cannot be reached from a bug in the query', async () => {
    if (!cluster!.running) await cluster!.start();
    const pool = new pg.Pool({ connectionString: cluster!.url });
    pool.on('error', () => {});
    const database = drizzle(pool);
    const syntax = await database.execute(sql`selec ${'a@b.c'}`).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    await cluster!.stop();
    const refused = await database.execute(sql`select ${'a@b.c'}`).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    await cluster!.start();
    await pool.end();
  });
});
