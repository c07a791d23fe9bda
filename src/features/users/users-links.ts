import { useEffect, useState } from 'react';
import { queryString, type ListState } from '../../lib/list-url';
import type { UserStatus } from '../../shared/users/user-input';
import { OPEN_PARAM, OPEN_USER_EVENT } from './open-user';
import type { BulkTarget } from './users-api';

/** What a bulk action acts on: the picked ids, or every user the list's filter matches. */
export function bulkTarget(
  allMatching: boolean,
  selected: ReadonlySet<number>,
  state: ListState,
): BulkTarget {
  if (!allMatching) return { ids: [...selected] };
  return {
    match: { search: state.search, status: (state.filters.status || undefined) as UserStatus | undefined },
  };
}

/**
 * What Block (`to` = blocked) or Unblock would change in the selection, or null when nothing: the
 * picked ids whose status differs (`statuses` knows every row seen), or the filter's matches
 * narrowed to the other status. So the bar offers only what applies, and counts only those.
 */
export function bulkStatusTarget(
  allMatching: boolean,
  selected: ReadonlySet<number>,
  statuses: ReadonlyMap<number, UserStatus>,
  state: ListState,
  to: UserStatus,
): BulkTarget | null {
  const from: UserStatus = to === 'blocked' ? 'active' : 'blocked';
  if (!allMatching) {
    const ids = [...selected].filter((id) => statuses.get(id) !== to);
    return ids.length > 0 ? { ids } : null;
  }
  const filtered = state.filters.status || undefined;
  if (filtered === to) return null;
  return { match: { search: state.search, status: from } };
}

/**
 * Where "Send notification" goes with the selection; the notifications screen reads it:
 * `/notifications?user_ids=1,2,3` for picked users, or
 * `/notifications?match_search=<text>&match_status=<active|blocked>` for every user a filter
 * matches (each part left out when empty), or `/notifications?match_all=true` for every user.
 */
export function notifyLink(target: BulkTarget): string {
  // Ids are integers, so the list needs no escaping: the commas stay readable in the address.
  if ('ids' in target) return `/notifications?user_ids=${target.ids.join(',')}`;
  const params = new URLSearchParams();
  if (target.match.search) params.set('match_search', target.match.search);
  if (target.match.status) params.set('match_status', target.match.status);
  if (!target.match.search && !target.match.status) params.set('match_all', 'true');
  return `/notifications${queryString(params)}`;
}

/**
 * The open detail panel, mirrored in `?open=<id>` (replaced, not pushed: the panel is a view of
 * the list, and Back should leave the list rather than close drawers one by one). The header's
 * quick search opens a user here through `openUser` (open-user.ts).
 */
export function useOpenParam(initial: number | null) {
  const [open, setOpen] = useState(initial);
  useEffect(() => {
    const onOpen = (event: Event) => {
      event.preventDefault();
      change((event as CustomEvent<number>).detail);
    };
    window.addEventListener(OPEN_USER_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_USER_EVENT, onOpen);
  }, []);
  function change(id: number | null) {
    setOpen(id);
    const params = new URLSearchParams(window.location.search);
    if (id === null) params.delete(OPEN_PARAM);
    else params.set(OPEN_PARAM, String(id));
    window.history.replaceState(window.history.state, '', window.location.pathname + queryString(params));
  }
  return [open, change] as const;
}

/** A player's page: their whole record. */
export const playerLink = (id: number) => `/users/${id}`;
