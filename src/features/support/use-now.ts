import { useEffect, useState } from 'react';

const MINUTE = 60_000;

/**
 * "Now" for relative times: the server's render time until hydration (so both render the same
 * words), then the browser's clock, ticking each minute so "waiting 5 minutes" keeps counting.
 */
export function useNow(renderedAt: number): number {
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return now;
}
