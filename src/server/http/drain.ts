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
 */
export function trackRequests(server: Server): RequestTracker {
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  /** Connections that have had an answer and wait for the client's next request. */
  const idle = new Set<Socket>();
  let settled: (() => void) | undefined;

  server.on('connection', (socket: Socket) => socket.once('close', () => idle.delete(socket)));

  return {
    get draining() {
      return draining;
    },
    admit(req, res) {
      const socket = req.socket;
      idle.delete(socket);
      if (draining) return false;
      inFlight.add(res);
      res.once('close', () => {
        inFlight.delete(res);
        if (!socket.destroyed) {
          // An answer whose headers left before the drain still said keep-alive: close it here.
          if (draining) socket.end();
          else idle.add(socket);
        }
        if (draining && inFlight.size === 0) settled?.();
      });
      return true;
    },
    async drain(limitMs) {
      draining = true;
      // Answers not yet begun tell their client the connection ends with them; Node then closes it.
      for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
      for (const socket of idle) socket.end();
      idle.clear();
      if (inFlight.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          settled = resolve;
          timer = setTimeout(resolve, limitMs);
        });
        clearTimeout(timer);
      }
      return inFlight.size;
    },
  };
}
