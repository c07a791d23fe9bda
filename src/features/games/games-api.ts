import { api } from '../../lib/api-client';
import type { ListResult } from '../../lib/envelope';
import { fetchList } from '../../lib/fetch-list';
import type { ListState } from '../../lib/list-url';
import type { GamePlayRow } from '../../shared/games/game-input';
import { browserOffset } from '../../lib/day-filter';
import { historyQuery } from '../../shared/games/game-list-spec';

/** `getgamehistory` as the islands call it (DESIGN.md §5): the games screen and a user's panel. */

type HistoryFilters = Record<'user_id' | 'puzzle_id' | 'from' | 'to', string>;

export function historyRequest(state: ListState): Record<string, string | number> {
  return {
    page: state.page,
    record: state.record,
    ...historyQuery(state.filters as HistoryFilters, browserOffset),
  };
}

export function fetchHistory(state: ListState, signal: AbortSignal): Promise<ListResult<GamePlayRow>> {
  return fetchList('/api/admin/getgamehistory', state, signal, historyRequest(state));
}

/** A user's details panel shows their plays ten at a time, newest first. */
export const HISTORY_RECORD = 10;

export async function fetchGameHistory(
  userId: number,
  page: number,
  signal: AbortSignal,
): Promise<ListResult<GamePlayRow>> {
  const answer = await api('/api/admin/getgamehistory', {
    query: { user_id: userId, page, record: HISTORY_RECORD },
    signal,
  });
  return answer.ResponseData ?? { list: [], total: 0, page, record: HISTORY_RECORD, search: '' };
}
