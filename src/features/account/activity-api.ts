import { fetchList } from '../../lib/fetch-list';
import type { ListResult } from '../../lib/envelope';
import type { ListState } from '../../lib/list-url';
import type { ActivityRow } from '../../shared/account/activity-input';

/** `getactivity` for one page of the list; rejects with the envelope. */
export function fetchActivity(state: ListState, signal: AbortSignal): Promise<ListResult<ActivityRow>> {
  return fetchList('/api/admin/getactivity', state, signal, {
    page: state.page,
    record: state.record,
  });
}
