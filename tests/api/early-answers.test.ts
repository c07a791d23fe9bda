import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, tempDir } from '../support/process';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** A raw request, so a test can send what fetch refuses to (TRACE, 20 KB of headers). */
function raw(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${target}`, { method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: text }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

function expectGuarded(answer: { headers: http.IncomingHttpHeaders }, what: string) {
  expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
  expect(answer.headers['content-security-policy'], what).toMatch(/frame-ancestors 'none'/);
  expect(answer.headers['content-type'], what).toMatch(/charset=utf-8/);
}

describe('answers given before or around the routes', () => {
  it('refuses methods no route answers with 405 and Allow, on pages and API alike', async () => {
    for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      for (const target of ['/api/admin/login', '/', '/users']) {
        const answer = await raw(method, target);
        expect(answer.status, `${method} ${target}`).toBe(405);
        expect(answer.headers.allow).toBe('GET, HEAD, POST');
        expectGuarded(answer, `${method} ${target}`);
        expect(JSON.parse(answer.body)).toMatchObject({ succeeded: false, ResponseCode: 405 });
      }
    }
  });

  it('puts the security headers and a charset on health, limits, oversized headers and pages', async () => {
    expectGuarded(await raw('GET', '/healthz'), '/healthz');
    expectGuarded(await raw('GET', '/readyz'), '/readyz');
    const chunked = await raw(
      'POST',
      '/api/admin/login',
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      '{}',
    );
    expect(chunked.status).toBe(411);
    expectGuarded(chunked, '411');
    const huge = await raw('POST', '/api/admin/login', {
      'content-type': 'application/json',
      'content-length': String(50 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expectGuarded(huge, '413');
    const headers = await raw('GET', '/', { 'x-filler': 'a'.repeat(20_000) });
    expect(headers.status).toBe(431);
    expectGuarded(headers, '431');
    expect(JSON.parse(headers.body)).toMatchObject({ succeeded: false, ResponseCode: 431 });
    const page = await raw('GET', '/');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe('an error that escapes every handler', () => {
  it('is logged in one line and ends the process with 1, for a supervisor to restart it', async () => {
    const dir = tempDir();
    // Throws from a timer once the server has installed its handlers: a bug outside any request.
    const hook = path.join(dir, 'throw-later.mjs');
    fs.writeFileSync(
      hook,
      `const poll = setInterval(() => {
        if (process.listenerCount('uncaughtException') > 0) {
          clearInterval(poll);
          setTimeout(() => { throw new Error('boom\\nsecond line'); }, 200);
        }
      }, 20);`,
    );
    const child = spawnServer({
      PORT: String(await freePort()),
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      NODE_OPTIONS: `--import ${hook}`,
    });
    expect(await child.exited).toBe(1);
    const lines = child
      .errors()
      .split('\n')
      .filter((line) => line.includes('uncaught_exception'));
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, string>;
    expect(entry).toMatchObject({ level: 'error', event: 'process.uncaught_exception' });
    expect(entry.error).toContain('boom\nsecond line');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
