import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ReusedSlots, trackRequests } from './drain';

describe('ReusedSlots', () => {
  it('holds what was put until freed, and reuses freed places rather than growing', () => {
    const slots = new ReusedSlots<string>();
    const a = slots.put('a');
    const b = slots.put('b');
    slots.free(a);
    expect([...slots.values()]).toEqual(['b']);
    expect(slots.size).toBe(1);
    // Many requests through, never more than two at once: the places stay the first two.
    for (let round = 0; round < 1000; round++) {
      const place = slots.put(`r${round}`);
      expect(place).toBeLessThan(2);
      slots.free(place);
    }
    slots.free(b);
    slots.free(b); // a second free of one place changes nothing
    expect(slots.size).toBe(0);
    expect([...slots.values()]).toEqual([]);
  });
});

/** A raw connection; `closed` resolves when the server ends it, `text()` is all it received. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, closed, text: () => received };
}

const GET = (path: string) => `GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`;

describe('trackRequests', () => {
  let server: http.Server | undefined;
  afterEach(() => server?.close());

  it('finishes answers owed, closes idle keep-alive connections, and leaves unread ones alone', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let slowTaken = false;
    server = http.createServer((req, res) => {
      if (!requests.admit(req, res)) {
        res.writeHead(503, { connection: 'close' }).end();
      } else if (req.url !== '/slow') {
        res.end('quick');
      } else {
        slowTaken = true;
        void released.then(() => res.end('slow done'));
      }
    });
    const requests = trackRequests(server);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const idle = await connect(port);
    idle.socket.write(GET('/quick'));
    await expect.poll(() => idle.text()).toContain('quick');
    const slow = await connect(port);
    slow.socket.write(GET('/slow'));
    const silent = await connect(port);
    await expect.poll(() => slowTaken).toBe(true);

    const drained = requests.drain(5000);
    await idle.closed;
    expect(requests.draining).toBe(true);
    release();
    expect(await drained).toBe(0);
    await slow.closed;
    expect(slow.text()).toMatch(/connection: close/i);
    expect(slow.text()).toContain('slow done');
    // A connection whose first request has not arrived is not cut: its request gets the 503.
    expect(silent.socket.destroyed).toBe(false);
    silent.socket.write(GET('/quick'));
    await silent.closed;
    expect(silent.text()).toMatch(/^HTTP\/1\.1 503/);
  });
});
