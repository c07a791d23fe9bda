import { useEffect, useState } from 'react';

const MINUTE = 60_000;

// One clock for every relative time on the page: a list of 25 rows ticks once a minute, not 25 times.
const listeners = new Set<(now: number) => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function follow(listener: (now: number) => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => listeners.forEach((tell) => tell(Date.now())), MINUTE);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * "Now" for relative times: the server's render time until hydration (so both render the same
 * words; without it, the current minute on both sides), then the browser's clock, ticking each
 * minute so "waiting 5 minutes" keeps counting.
 */
export function useNow(renderedAt: number = Math.floor(Date.now() / MINUTE) * MINUTE): number {
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    setNow(Date.now());
    return follow(setNow);
  }, []);
  return now;
}
