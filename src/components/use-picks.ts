import { useEffect, useState } from 'react';

const DEBOUNCE_MS = 250;

/** Where a type-ahead finds its suggestions: a module-level function, so its identity is stable. */
export type PickSearch<P> = (search: string, signal: AbortSignal) => Promise<P[]>;

/**
 * What `search` finds for `text`, debounced, the older request aborted; `null` while nothing is
 * typed, `[]` when the search fails (a type-ahead offers nothing rather than an error mid-word).
 */
export function usePicks<P>(text: string, search: PickSearch<P>): P[] | null {
  const [found, setFound] = useState<P[] | null>(null);
  useEffect(() => {
    const wanted = text.trim();
    if (!wanted) {
      setFound(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(wanted, controller.signal)
        .then(setFound)
        .catch(() => controller.signal.aborted || setFound([]));
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, search]);
  return found;
}
