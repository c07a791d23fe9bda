import { api } from '../../lib/api-client';
import type { ListResult } from '../../lib/envelope';
import type { ListState } from '../../lib/list-url';
import type { ActivityRow } from './activity-input';

/** `getactivity` for one page of the list; rejects with the envelope. */
export async function fetchActivity(state: ListState, signal: AbortSignal): Promise<ListResult<ActivityRow>> {
  const answer = await api<unknown, ListResult<ActivityRow>>('/api/admin/getactivity', {
    query: { page: state.page, record: state.record },
    signal,
  });
  return answer.ResponseData ?? { list: [], total: 0, page: state.page, record: state.record, search: '' };
}
