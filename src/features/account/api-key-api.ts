import { api } from '../../lib/api-client';
import type { ListResult } from '../../lib/envelope';
import { listRequestQuery, type ListState } from '../../lib/list-url';
import type { ApiKeyCreated, ApiKeyRow } from './api-key-input';

/** The product API key endpoints as the island calls them (DESIGN.md §5); each rejects with the envelope. */

export async function fetchApiKeys(state: ListState, signal: AbortSignal): Promise<ListResult<ApiKeyRow>> {
  const answer = await api<unknown, ListResult<ApiKeyRow>>('/api/admin/getapikeys', {
    query: listRequestQuery(state),
    signal,
  });
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

/** The answer holds the key itself: the island shows it once and keeps it nowhere. */
export async function addApiKey(data: FormData): Promise<{ created: ApiKeyCreated; message: string }> {
  const answer = await api<ApiKeyCreated>('/api/admin/addapikey', { json: { name: data.get('name') } });
  if (!answer.ResponseBody) throw new Error('No key in the answer');
  return { created: answer.ResponseBody, message: answer.ResponseMessage };
}

export async function revokeApiKey(id: number): Promise<ApiKeyRow> {
  const answer = await api<ApiKeyRow>('/api/admin/revokeapikey', { json: { id } });
  if (!answer.ResponseBody) throw new Error('No key in the answer');
  return answer.ResponseBody;
}
