import { useCallback, useEffect, useRef, useState } from 'react';

export interface LatestRequest<T> {
  data: T;
  /** A request is under way; `data` still holds the last answer. */
  loading: boolean;
  /** What the last request rejected with (an envelope or 'Wrong Services'), until the next one. */
  error: unknown;
  /** Starts a request, aborting the one before: a slow old answer never overwrites a newer one. */
  run: (request: (signal: AbortSignal) => Promise<T>) => Promise<void>;
  /** Replaces the data (after a write whose answer already holds it). */
  setData: (data: T) => void;
}

/** One request at a time for a piece of data, keeping the old data while the new one loads. */
export function useLatestRequest<T>(initial: T, initialError: unknown = null): LatestRequest<T> {
  const [data, setData] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(initialError);
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const run = useCallback(async (request: (signal: AbortSignal) => Promise<T>) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setLoading(true);
    try {
      const answer = await request(controller.signal);
      if (controller.signal.aborted) return;
      setData(answer);
      setError(null);
    } catch (failure) {
      // The API client turns an abort into 'Wrong Services' too: only the signal tells them apart.
      if (!controller.signal.aborted) setError(failure);
    } finally {
      if (current.current === controller) setLoading(false);
    }
  }, []);

  return { data, loading, error, run, setData };
}
