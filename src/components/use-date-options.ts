import { useEffect, useState } from 'react';
import type { DateFormatOptions } from '../lib/format';

/**
 * Date options for an island the server rendered: UTC for the server's render and the hydrating
 * one (so both print the same text), then the browser's own zone once hydrated.
 */
export function useDateOptions(): DateFormatOptions {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? {} : { timeZone: 'UTC' };
}
