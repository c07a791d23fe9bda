import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { astroModuleCopies } from './astro-module-copies';

/**
 * The build's edit of Astro's Node adapter (astro-runtime-speedups.mjs, "requests without the
 * socket-close signal"): the Request it makes must carry the same method, URL, headers and body,
 * and must not keep the IncomingMessage (and whatever hangs on it) alive through young
 * collections, which Astro's own version does until a full collection. Collections are asked for
 * with --expose-gc, so the checks run in a child process and report back as JSON.
 */
interface Report {
  requests: Record<'astro' | 'edited', { method: string; url: string; headers: string[][]; body: string }>;
  /** Old-generation bytes kept per request beyond the run without a payload, after young GCs. */
  keptPerRequest: Record<'astro' | 'edited', number>;
  payloadBytes: number;
}

let report: Report;

beforeAll(() => {
  const { dir } = astroModuleCopies('core/app/node.js');
  const child = path.join(dir, 'request-signal-check.mjs');
  fs.writeFileSync(child, CHILD);
  report = JSON.parse(execFileSync(process.execPath, ['--expose-gc', child], { encoding: 'utf8' })) as Report;
}, 60_000);

/**
 * Requests made from IncomingMessages of a real (unconnected) socket, as the adapter gets them.
 * Each message carries a payload; what the old generation gains over young collections, beyond a
 * run without payloads, is what the request path kept alive per request.
 */
const CHILD = `
import http from 'node:http';
import net from 'node:net';
import v8 from 'node:v8';
const adapters = { astro: await import('./node-astro.mjs'), edited: await import('./node-edited.mjs') };
const PAYLOAD = 16384;
function message(method, payload) {
  const req = new http.IncomingMessage(new net.Socket());
  req.method = method;
  req.url = '/users?page=2';
  req.headers = { host: 'admin.example.test', cookie: 'sid=abc', 'content-type': 'application/json' };
  req.payload = new Array(payload).fill(0);
  return req;
}
const oldBytes = () => v8.getHeapSpaceStatistics()
  .filter((s) => s.space_name === 'old_space' || s.space_name === 'large_object_space')
  .reduce((sum, s) => sum + s.space_used_size, 0);
async function kept(NodeApp, payload) {
  const n = 1000;
  gc(); gc();
  const before = oldBytes();
  for (let i = 0; i < n; i++) {
    NodeApp.createRequest(message('GET', payload));
    if (i % 100 === 99) await new Promise(setImmediate);
  }
  gc({ type: 'minor' }); gc({ type: 'minor' });
  return (oldBytes() - before) / n;
}
async function described(NodeApp) {
  const req = message('POST', 0);
  const request = NodeApp.createRequest(req);
  req.push('{"name":"Ada"}');
  req.push(null);
  return { method: request.method, url: request.url, headers: [...request.headers], body: await request.text() };
}
const report = { requests: {}, keptPerRequest: {}, payloadBytes: PAYLOAD * 8 };
for (const [name, { NodeApp }] of Object.entries(adapters)) {
  report.requests[name] = await described(NodeApp);
  report.keptPerRequest[name] = Math.round((await kept(NodeApp, PAYLOAD)) - (await kept(NodeApp, 0)));
}
console.log(JSON.stringify(report));
`;

describe("the adapter's requests (build edit)", () => {
  it('carry the same method, URL, headers and body as Astro makes', () => {
    expect(report.requests.edited).toEqual(report.requests.astro);
    expect(report.requests.edited.body).toBe('{"name":"Ada"}');
  });

  it('do not keep their IncomingMessage alive through young collections', () => {
    // Astro's own keeps the whole payload of every request (the check can see the difference)...
    expect(report.keptPerRequest.astro).toBeGreaterThan(report.payloadBytes / 2);
    // ...the edited one keeps none of it.
    expect(report.keptPerRequest.edited).toBeLessThan(report.payloadBytes / 20);
  });
});
