import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import type { UserPick } from './user-input';

const DEBOUNCE_MS = 250;

/**
 * Up to 20 users matching `text` from `admin/get-users`, debounced, the older request aborted.
 * `null` while nothing is typed. Shared by the header's quick search and recipient pickers.
 */
export function useUserPicks(text: string): UserPick[] | null {
  const [found, setFound] = useState<UserPick[] | null>(null);
  useEffect(() => {
    const search = text.trim();
    if (!search) {
      setFound(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api<unknown, { list: UserPick[] }>('/api/admin/admin/get-users', {
        query: { search },
        signal: controller.signal,
      })
        .then((answer) => setFound(answer.ResponseData?.list ?? []))
        .catch(() => controller.signal.aborted || setFound([]));
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  return found;
}
