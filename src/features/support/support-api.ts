import { api, type AnswerOf, type ApiPath, type ApiRequest } from '../../lib/api-client';
import type { ListResult } from '../../lib/envelope';
import { fetchList } from '../../lib/fetch-list';
import { listRequestQuery, type ListState } from '../../lib/list-url';
import type { SupportRow, SupportStatus, SupportThread } from '../../shared/support/support-input';

/** The help-center endpoints as the island calls them (DESIGN.md §5); each rejects with the envelope. */

export function fetchSupport(state: ListState, signal: AbortSignal): Promise<ListResult<SupportRow>> {
  return fetchList('/api/admin/getsupport', state, signal, listRequestQuery(state), 'ResponseBody');
}

export async function fetchThread(id: number, signal: AbortSignal): Promise<SupportThread> {
  const answer = await api('/api/admin/getsupportquery', { query: { id }, signal });
  if (!answer.ResponseBody) throw new Error('No thread in the answer');
  return answer.ResponseBody;
}

export interface Changed<T> {
  body: T;
  message: string;
}

async function change<P extends ApiPath>(
  path: P,
  json: ApiRequest<P>['json'],
  headers?: Record<string, string>,
): Promise<Changed<NonNullable<AnswerOf<P>['ResponseBody']>>> {
  const answer = await api(path, { json, headers });
  if (!answer.ResponseBody) throw new Error('No thread in the answer');
  return { body: answer.ResponseBody, message: answer.ResponseMessage };
}

/** `key`: the reply box's Idempotency-Key for this text, so a double click or a retry sends one mail. */
export const replySupport = (id: number, message: string, key: string) =>
  change('/api/admin/replysupport', { id, message }, { 'Idempotency-Key': key });
export const resendReply = (replyId: number) =>
  change('/api/admin/resendsupportreply', { reply_id: replyId });
export const noteSupport = (id: number, message: string) => change('/api/admin/notesupport', { id, message });
export const changeSupportStatus = (id: number, status: SupportStatus) =>
  change('/api/admin/changesupportstatus', { id, status });
export const assignSupport = (id: number, assigneeId: number | null) =>
  change('/api/admin/assignsupport', { id, assignee_id: assigneeId });
