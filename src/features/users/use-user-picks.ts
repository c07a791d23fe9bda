import { usePicks } from '../../components/use-picks';
import { api } from '../../lib/api-client';
import type { UserPick } from '../../shared/users/user-input';

/** Up to 20 users matching `search`, from `admin/get-users`. */
export async function searchUsers(search: string, signal: AbortSignal): Promise<UserPick[]> {
  const answer = await api('/api/admin/admin/get-users', {
    query: { search },
    signal,
  });
  return answer.ResponseData?.list ?? [];
}

/**
 * The users matching `text` as the header's quick search and the user pickers offer them
 * (usePicks: debounced, the older request aborted); `null` while nothing is typed.
 */
export function useUserPicks(text: string): UserPick[] | null {
  return usePicks(text, searchUsers);
}
