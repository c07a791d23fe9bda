/**
 * Telling "the database cannot be reached" (answer 503, retry soon) from a bug (500). Drizzle
 * wraps driver errors in `cause`, node-postgres wraps a connect timeout in another, and a connect
 * to a name with several addresses fails with an AggregateError: the whole chain is searched.
 */

/**
 * SQLSTATE classes and codes that mean the server is gone or not taking work, not that the query
 * was wrong: 08 connection exception, 57P01–57P03 admin/crash shutdown and "cannot connect now"
 * (starting up, shutting down, in recovery), 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;

/** Socket-level failures reaching the server (refused, reset, unroutable, name not resolved). */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres and pg-pool say these without a code: a connection cut mid-query, a pool that
 * waited `connectionTimeoutMillis` in vain, a client that broke earlier, a pool already ended
 * (a request racing the shutdown); PGlite says the last when closed.
 */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end on the pool|PGlite is closed)$/;

/** Every error in `error`'s chain: itself, its causes, and the members of an AggregateError. */
export function errorChain(error: unknown): unknown[] {
  const seen: unknown[] = [];
  const queue = [error];
  while (queue.length > 0 && seen.length < 20) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.includes(current)) continue;
    seen.push(current);
    queue.push((current as Error).cause);
    if (Array.isArray((current as AggregateError).errors)) queue.push(...(current as AggregateError).errors);
  }
  return seen;
}

/** The SQLSTATE or errno code that explains `error`, the first found along its chain. */
export function errorCode(error: unknown): string | undefined {
  for (const link of errorChain(error)) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string' && code) return code;
  }
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some((link) => {
    const { code, message } = link as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) {
      return true;
    }
    return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
  });
}
