import { logError } from '../log';

/**
 * A screen's first rows, read while the page renders, or `fallback` when reading failed: the
 * island then shows its list's error state with Retry, and the log keeps the cause.
 */
export async function firstRows<T, F = null>(
  page: { url: URL },
  read: Promise<T>,
  fallback: F = null as F,
): Promise<T | F> {
  try {
    return await read;
  } catch (error) {
    logError('page.first_rows_failed', error, { path: page.url.pathname });
    return fallback;
  }
}
