import type { PGlite, Transaction } from '@electric-sql/pglite';
import { processGlobal } from '../process-global';

/**
 * A number that changes whenever the database may have changed. Only PGlite has one: its data
 * directory belongs to this one process, so every write goes through the client wrapped here, and
 * an answer read while the number stayed the same is still the database's answer. PostgreSQL may
 * be shared by several instances, so nothing may be cached from it this way.
 */
export interface WriteGeneration {
  current(): number;
}

/**
 * A plain SELECT reads; anything else (and a SELECT that locks, takes a sequence value, sets a
 * setting, notifies or selects INTO) counts as a write. Erring towards "write" only costs a
 * cache miss.
 */
const WRITING_SELECT = /\b(for|into|nextval|setval|set_config|pg_\w+|lo_\w+)\b/i;
export function isReadOnly(text: string): boolean {
  return /^\s*select\b/i.test(text) && !WRITING_SELECT.test(text);
}

type Runner = Pick<PGlite, 'query' | 'exec'> | Transaction;

/**
 * Counts around each write twice, when it is sent and when it ends, so a read that started while
 * a write was queued or running is never taken for one made after it.
 */
function counted<T>(generation: { value: number }, text: string, run: () => Promise<T>): Promise<T> {
  if (isReadOnly(text)) return run();
  generation.value = nextGeneration();
  return run().finally(() => (generation.value = nextGeneration()));
}

/**
 * Generations are drawn from one series for every database the process opens (and for both
 * bundles, see process-global.ts), so a database opened after another (tests reopen theirs) never
 * shows a number under which a cache kept an answer of the one before.
 */
function nextGeneration(): number {
  return ++processGlobal('write-generations', () => ({ last: 0 })).last;
}

function wrapRunner(runner: Runner, generation: { value: number }): void {
  const query = runner.query.bind(runner);
  const exec = runner.exec.bind(runner);
  runner.query = ((text: string, ...rest: unknown[]) =>
    counted(generation, text, () =>
      (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest),
    )) as Runner['query'];
  runner.exec = ((text: string, ...rest: unknown[]) =>
    counted(generation, text, () =>
      (exec as (...args: unknown[]) => Promise<unknown>)(text, ...rest),
    )) as Runner['exec'];
}

/** Wraps the client's query, exec and transactions (whose statements run on their own object). */
export function trackWrites(client: PGlite): WriteGeneration {
  const generation = { value: nextGeneration() };
  wrapRunner(client, generation);
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    counted(generation, 'transaction', () =>
      transaction((tx) => {
        wrapRunner(tx, generation);
        return callback(tx);
      }),
    )) as PGlite['transaction'];
  return { current: () => generation.value };
}

/**
 * Freezes `value` and everything reachable from it. Dates and byte arrays stay changeable
 * (freezing cannot reach a Date's time, and throws on a typed array); nothing that reuses answers
 * by identity takes them for frozen.
 */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Answers of one read, reused while the write generation stays the same (PGlite only, see above).
 * Parallel misses of one key share one read. Every caller is handed the same answer, deeply
 * frozen, so no request can change what the next one is handed (a change throws); and since a
 * frozen answer cannot change, what is derived from it (an island's serialized props, its HTML)
 * may be reused by identity.
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, { generation: number; answer: Promise<T> }>();

  constructor(private readonly limit: number) {}

  async read(writes: WriteGeneration, key: string, read: () => Promise<T>): Promise<T> {
    const generation = writes.current();
    let entry = this.entries.get(key);
    if (entry?.generation !== generation) {
      if (this.entries.size >= this.limit) this.entries.clear();
      entry = { generation, answer: read().then(deepFreeze) };
      this.entries.set(key, entry);
      const stored = entry;
      // A failed read is not kept: the next request asks the database again.
      stored.answer.catch(() => {
        if (this.entries.get(key) === stored) this.entries.delete(key);
      });
    }
    return entry.answer;
  }
}
