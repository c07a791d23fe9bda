import { api } from './api-client';
import type { ListResult } from './envelope';
import { listRequestQuery, type ListState } from './list-url';

/**
 * Where a list endpoint puts its page (DESIGN.md §5): `getusers` and `getsupport` under
 * `ResponseBody`, as the seed's call table reads them; every other list under `ResponseData`.
 */
export type ListField = 'ResponseBody' | 'ResponseData';

/**
 * One page of a list endpoint (`getusers`, `getadmins`, …) for useRemoteList's `load`: the list
 * query from the state (or the endpoint's own subset of it), read from the endpoint's `field`, and
 * an empty page when the answer has no data. Rejects with the envelope, as every API call does.
 */
export async function fetchList<Row>(
  path: string,
  state: ListState,
  signal: AbortSignal,
  query: Record<string, string | number | boolean | undefined> = listRequestQuery(state),
  field: ListField = 'ResponseData',
): Promise<ListResult<Row>> {
  const answer = await api<ListResult<Row>, ListResult<Row>>(path, { query, signal });
  return (
    answer[field] ?? {
      list: [],
      total: 0,
      page: state.page,
      record: state.record,
      search: state.search,
    }
  );
}
