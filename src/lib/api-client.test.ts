import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, WRONG_SERVICES } from './api-client';
import type { Envelope } from './envelope';

/** The client's fetching, on paths of this test's own server (its types are the routes'). */
const anyPath = api as unknown as (path: string, request?: object) => Promise<Envelope>;

let base = '';
const seen: { method?: string; type?: string; body: string }[] = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    seen.push({ method: req.method, type: req.headers['content-type'], body });
    const path = req.url ?? '';
    if (path.startsWith('/ok')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          succeeded: true,
          ResponseCode: 200,
          ResponseMessage: 'Done',
          ResponseBody: { url: path },
        }),
      );
    } else if (path === '/invalid') {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          succeeded: false,
          ResponseCode: 400,
          ResponseMessage: 'Bad',
          errors: { email: 'Required' },
        }),
      );
    } else {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    }
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('api', () => {
  it('resolves with the envelope and sends JSON bodies as POST', async () => {
    const answer = await anyPath(`${base}/ok`, {
      json: { a: 1 },
      query: { page: 2, skip: undefined },
    });
    expect(answer.ResponseBody).toEqual({ url: '/ok?page=2' });
    expect(seen.at(-1)).toEqual({ method: 'POST', type: 'application/json', body: '{"a":1}' });
  });

  it("rejects with the server's envelope when it failed", async () => {
    await expect(anyPath(`${base}/invalid`)).rejects.toMatchObject({
      ResponseCode: 400,
      errors: { email: 'Required' },
    });
  });

  it('rejects with "Wrong Services" when there is no envelope or no server', async () => {
    await expect(anyPath(`${base}/proxy-error`)).rejects.toBe(WRONG_SERVICES);
    await expect(anyPath('http://127.0.0.1:1/nothing')).rejects.toBe(WRONG_SERVICES);
    expect(WRONG_SERVICES).toBe('Wrong Services');
  });
});
