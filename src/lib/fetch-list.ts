import { api, type AnswerOf, type ApiPath, type ApiRequest, type MethodOf } from './api-client';
import type { Envelope, ListResult } from './envelope';
import { listRequestQuery, type ListState } from './list-url';

/**
 * Where a list endpoint puts its page (DESIGN.md §5): `getusers` and `getsupport` under
 * `ResponseBody`, as the seed's call table reads them; every other list under `ResponseData`.
 */
export type ListField = 'ResponseBody' | 'ResponseData';

/** What a list endpoint's GET puts under `field`, by its handler's own type. */
export type ListOf<P extends ApiPath, F extends ListField> = Extract<
  NonNullable<AnswerOf<P, 'GET' & MethodOf<P>>[F]>,
  ListResult<unknown>
>;

/**
 * One page of a list endpoint (`getusers`, `getadmins`, …) for useRemoteList's `load`: the list
 * query from the state (or the endpoint's own subset of it), read from the endpoint's `field`, and
 * an empty page when the answer has no data. Rejects with the envelope, as every API call does.
 */
export async function fetchList<P extends ApiPath, F extends ListField = 'ResponseData'>(
  path: P,
  state: ListState,
  signal: AbortSignal,
  query: Record<string, string | number | boolean | undefined> = listRequestQuery(state),
  field: F = 'ResponseData' as F,
): Promise<ListOf<P, F>> {
  const answer = (await api(path, { query, signal } as ApiRequest<P>)) as Envelope<
    ListOf<P, F>,
    ListOf<P, F>
  >;
  const empty = { list: [], total: 0, page: state.page, record: state.record, search: state.search };
  return answer[field] ?? (empty as ListResult<never> as ListOf<P, F>);
}
