import { useEffect, useState } from 'react';

const DEBOUNCE_MS = 250;

/** Where a type-ahead finds its suggestions: a module-level function, so its identity is stable. */
export type PickSearch<P> = (search: string, signal: AbortSignal) => Promise<P[]>;

/**
 * What `search` finds for `text`, debounced, the older request aborted; `null` while nothing is
 * typed or the answer for what is typed now has not come yet, `[]` when the search fails (a
 * type-ahead offers nothing rather than an error mid-word). Suggestions for an older text are never
 * offered: Enter must choose from a list that cannot change under it when the newer answer lands.
 */
export function usePicks<P>(text: string, search: PickSearch<P>): P[] | null {
  const wanted = text.trim();
  const [answer, setAnswer] = useState<{ text: string; found: P[] } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(wanted, controller.signal)
        .then((found) => setAnswer({ text: wanted, found }))
        .catch(() => controller.signal.aborted || setAnswer({ text: wanted, found: [] }));
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, search]);
  return answer && wanted && answer.text === wanted ? answer.found : null;
}
