import { api } from '../../lib/api-client';
import { fetchList } from '../../lib/fetch-list';
import type { ListResult } from '../../lib/envelope';
import type { ListState } from '../../lib/list-url';
import type { ApiKeyCreated, ApiKeyRow } from '../../shared/api-keys/api-key-input';

/** The product API key endpoints as the island calls them (DESIGN.md §5); each rejects with the envelope. */

export function fetchApiKeys(state: ListState, signal: AbortSignal): Promise<ListResult<ApiKeyRow>> {
  return fetchList('/api/admin/getapikeys', state, signal);
}

/** The answer holds the key itself: the island shows it once and keeps it nowhere. */
export async function addApiKey(data: FormData): Promise<{ created: ApiKeyCreated; message: string }> {
  const json = { name: data.get('name'), scopes: data.getAll('scopes') };
  const answer = await api('/api/admin/addapikey', { json });
  if (!answer.ResponseBody) throw new Error('No key in the answer');
  return { created: answer.ResponseBody, message: answer.ResponseMessage };
}

export async function revokeApiKey(id: number): Promise<ApiKeyRow> {
  const answer = await api('/api/admin/revokeapikey', { json: { id } });
  if (!answer.ResponseBody) throw new Error('No key in the answer');
  return answer.ResponseBody;
}
