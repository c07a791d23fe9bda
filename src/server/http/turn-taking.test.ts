import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTurnQueue } from './turn-taking';

const REQUEST = 'GET / HTTP/1.1\r\nHost: test\r\n\r\n';

function busyFor(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** A raw keep-alive connection that resolves each time a whole (tiny) answer has arrived. */
async function connect(port: number): Promise<{ socket: net.Socket; answered: () => Promise<void> }> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let waiting: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('\r\n\r\nok')) waiting?.();
  });
  return { socket, answered: () => new Promise<void>((resolve) => (waiting = resolve)) };
}

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

describe('createTurnQueue', () => {
  it('starts what it is given in order, one per turn', async () => {
    const turns = createTurnQueue();
    const started: string[] = [];
    for (const name of ['a', 'b', 'c']) turns.enqueue(() => started.push(name));
    expect(started).toEqual([]);
    expect(turns.waiting).toBe(3);
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    await nextTurn();
    expect(started).toEqual(['a']);
    // Counted in turns, not milliseconds: a busy machine may let a timer fall due between turns.
    for (let turn = 0; turn < 10 && started.length < 3; turn++) await nextTurn();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(turns.waiting).toBe(0);
    turns.enqueue(() => started.push('d'));
    await nextTurn();
    await nextTurn();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('lets a busy server accept fresh connections between requests, not after all of them', async () => {
    const turns = createTurnQueue();
    let startedRequests = 0;
    const startedAtAccept: number[] = [];
    server = http.createServer((_req, res) =>
      turns.enqueue(() => {
        startedRequests++;
        busyFor(5); // a page rendered without real I/O, as on PGlite
        res.end('ok');
      }),
    );
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    let accepted = 0;
    server.on('connection', () => {
      if (++accepted > 20) startedAtAccept.push(startedRequests);
    });
    const established = await Promise.all(Array.from({ length: 20 }, () => connect(port)));
    while (accepted < 20) await new Promise((resolve) => setImmediate(resolve));

    // 20 requests on open connections, then two fresh connections, all in the kernel's queues
    // before the server's next turn.
    const answers = established.map(({ answered }) => answered());
    for (const { socket } of established) socket.write(REQUEST);
    const fresh = [net.connect(port, '127.0.0.1'), net.connect(port, '127.0.0.1')];
    busyFor(20);
    await Promise.all(answers);

    // Without turns the second was accepted only after all 20 had been rendered in one turn.
    expect(startedAtAccept).toHaveLength(2);
    expect(startedAtAccept[1]).toBeLessThanOrEqual(3);
    for (const socket of [...fresh, ...established.map(({ socket }) => socket)]) socket.destroy();
  });
});
