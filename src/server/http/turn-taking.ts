/**
 * Starts requests one per event-loop turn, in the order they arrived.
 *
 * Why: Node's libuv accepts one new connection per turn of the event loop (strace on Node 24
 * shows one `accept4` per `epoll_pwait`, never run to EAGAIN, as it did on Node 20). On PGlite a page is rendered start to finish
 * without real I/O, so a turn that reads 50 requests renders all 50 before it polls again: with
 * the server busy, fresh connections waited in the kernel's queue, one per ~100 ms turn, and a
 * burst of 50 took seconds to be accepted. Starting one request per turn lets the loop poll
 * between renders (accepting, reading, writing), and the queue serves requests first come, first
 * served. The cost is one extra poll per request, microseconds against a render's milliseconds.
 */
export interface TurnQueue {
  /** Runs `start` in a later turn, after every start queued before it. */
  enqueue(start: () => void): void;
  /** Starts queued and not yet run. */
  readonly waiting: number;
}

export function createTurnQueue(): TurnQueue {
  const queue: Array<() => void> = [];
  let head = 0;
  let scheduled = false;

  function runNext(): void {
    const start = queue[head]!;
    queue[head++] = undefined as never;
    if (head === queue.length) {
      queue.length = 0;
      head = 0;
      scheduled = false;
    } else {
      // Scheduled before `start` runs: an immediate queued while immediates run waits for the
      // next turn, so whatever `start` does, the loop polls before the next request begins.
      setImmediate(runNext);
    }
    start();
  }

  return {
    enqueue(start) {
      queue.push(start);
      if (!scheduled) {
        scheduled = true;
        setImmediate(runNext);
      }
    },
    get waiting() {
      return queue.length - head;
    },
  };
}
