import { api } from './api-client';
import type { ListResult } from './envelope';
import { listRequestQuery, type ListState } from './list-url';

/**
 * One page of a list endpoint (`getusers`, `getadmins`, …) for useRemoteList's `load`: the list
 * query from the state (or the endpoint's own subset of it), and an empty page when the answer
 * has no data. Rejects with the envelope, as every API call does.
 */
export async function fetchList<Row>(
  path: string,
  state: ListState,
  signal: AbortSignal,
  query: Record<string, string | number | boolean | undefined> = listRequestQuery(state),
): Promise<ListResult<Row>> {
  const answer = await api<unknown, ListResult<Row>>(path, { query, signal });
  return (
    answer.ResponseData ?? {
      list: [],
      total: 0,
      page: state.page,
      record: state.record,
      search: state.search,
    }
  );
}
