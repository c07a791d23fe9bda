import { useEffect, useState } from 'react';

/** Whole seconds left until `at` (epoch ms), rounded up so "1 s" shows until the moment passes. */
export function secondsUntil(at: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Seconds left until `until`, ticking while above zero. 0 during server rendering. */
export function useCooldown(until: number): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    const tick = () => setLeft(secondsUntil(until));
    tick();
    if (secondsUntil(until) === 0) return;
    // Twice a second, so the display never lags a whole second behind the clock.
    const timer = window.setInterval(() => {
      tick();
      if (secondsUntil(until) === 0) window.clearInterval(timer);
    }, 500);
    return () => window.clearInterval(timer);
  }, [until]);
  return left;
}
