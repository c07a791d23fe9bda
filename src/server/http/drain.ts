import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface RequestTracker {
  readonly draining: boolean;
  /**
   * Called as each request arrives: true when it is taken (it will be waited for), false once the
   * drain has begun (the caller answers 503 with `Connection: close`).
   */
  admit(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * Begins the drain and resolves once every request taken before it has been answered, or after
   * `limitMs`, with how many are still unanswered.
   */
  drain(limitMs: number): Promise<number>;
}

/**
 * Knows which requests the server owes an answer and which keep-alive connections sit idle
 * between requests, so a shutdown can finish the first and close the second while the listener
 * stays open. Node's own closeIdleConnections() is not used: it also closes connections whose
 * first request has arrived but not yet been read, which would cut those requests unanswered.
 *
 * Nothing here is a Set that takes and drops an entry per request: such a Set rebuilds its table
 * every few dozen requests, and V8 links each dropped table to the next (for iterators still
 * walking it). Once one of them has reached the old generation, the whole chain, and every
 * response it held, survives the young-generation collections until a full one: measured at
 * about 3 KB promoted per request, and a full collection every few seconds under load. The
 * answers owed sit in reused slots instead, and idleness is a mark on the connection.
 */
export function trackRequests(server: Server): RequestTracker {
  let draining = false;
  const owed = new ReusedSlots<ServerResponse>();
  /** Open connections; a Set that changes per connection, not per request. */
  const connections = new Set<TrackedSocket>();
  let settled: (() => void) | undefined;

  server.on('connection', (socket: TrackedSocket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });

  return {
    get draining() {
      return draining;
    },
    admit(req, res) {
      const socket = req.socket as TrackedSocket;
      socket[IDLE] = false;
      if (draining) return false;
      const slot = owed.put(res);
      res.once('close', () => {
        owed.free(slot);
        if (!socket.destroyed) {
          // An answer whose headers left before the drain still said keep-alive: close it here.
          if (draining) socket.end();
          else socket[IDLE] = true;
        }
        if (draining && owed.size === 0) settled?.();
      });
      return true;
    },
    async drain(limitMs) {
      draining = true;
      // Answers not yet begun tell their client the connection ends with them; Node then closes it.
      for (const res of owed.values()) if (!res.headersSent) res.setHeader('connection', 'close');
      for (const socket of connections) if (socket[IDLE]) socket.end();
      if (owed.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          settled = resolve;
          timer = setTimeout(resolve, limitMs);
        });
        clearTimeout(timer);
      }
      return owed.size;
    },
  };
}

/** Set on a connection that has had its answers and waits for the client's next request. */
const IDLE = Symbol('idle between requests');
type TrackedSocket = Socket & { [IDLE]?: boolean };

/**
 * Values kept in an array whose freed places are reused: its storage grows to the most ever held
 * at once and is then only written, never rebuilt (see trackRequests for why that matters).
 */
export class ReusedSlots<T> {
  private readonly slots: (T | undefined)[] = [];
  private readonly freed: number[] = [];

  get size(): number {
    return this.slots.length - this.freed.length;
  }

  /** Stores `value`; returns its place, for free(). */
  put(value: T): number {
    const slot = this.freed.pop() ?? this.slots.length;
    this.slots[slot] = value;
    return slot;
  }

  free(slot: number): void {
    if (this.slots[slot] === undefined) return;
    this.slots[slot] = undefined;
    this.freed.push(slot);
  }

  *values(): IterableIterator<T> {
    for (const value of this.slots) if (value !== undefined) yield value;
  }
}
