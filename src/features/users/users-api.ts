import { api } from '../../lib/api-client';
import { fetchList } from '../../lib/fetch-list';
import type { ListResult } from '../../lib/envelope';
import { listRequestQuery, type ListState } from '../../lib/list-url';
import type { BanStanding } from '../../shared/users/ban-input';
import type { UserFilterInput, UserRow, UserStats, UserStatus } from '../../shared/users/user-input';

/** The users endpoints as the islands call them (DESIGN.md §5); each rejects with the envelope. */

export function fetchUsers(state: ListState, signal: AbortSignal): Promise<ListResult<UserRow>> {
  return fetchList('/api/admin/getusers', state, signal, listRequestQuery(state), 'ResponseBody');
}

export interface UserDetail {
  user: UserRow;
  stats: UserStats;
}

export async function fetchUser(id: number, signal: AbortSignal): Promise<UserDetail | null> {
  const answer = await api('/api/admin/getuser', { query: { id }, signal });
  return answer.ResponseBody ?? null;
}

/** `adduser` without an id in the form, `updateuser` with one; the server answers with the user. */
export async function saveUser(data: FormData): Promise<{ user: UserRow; message: string }> {
  const path = data.get('id') ? '/api/admin/updateuser' : '/api/admin/adduser';
  const answer = await api(path, { method: 'POST', form: data });
  if (!answer.ResponseBody) throw new Error('No user in the answer');
  return { user: answer.ResponseBody, message: answer.ResponseMessage };
}

export async function changeStatus(id: number, status: UserStatus, reason?: string): Promise<UserRow> {
  const answer = await api('/api/admin/changestatus', { json: { id, status, reason } });
  if (!answer.ResponseBody) throw new Error('No user in the answer');
  return answer.ResponseBody;
}

/** How many users a filter matches (a capped count past 1,000, as the list shows it). */
export async function countUsers(match: UserFilterInput): Promise<{ total: number; capped: boolean }> {
  const answer = await api('/api/admin/getusers', {
    query: { search: match.search, status: match.status, page: 0, record: 1 },
  });
  const found = answer.ResponseBody;
  return { total: found?.total ?? 0, capped: found?.capped ?? false };
}

/** The users picked by id, or every user a filter matches ("all N matching"). */
export type BulkTarget = { ids: number[] } | { match: UserFilterInput };

export interface BulkStatusResult {
  updated: number;
  /** The users it changed (absent past 1000): Undo puts exactly these back. */
  ids?: number[];
  message: string;
}

export async function bulkChangeStatus(
  target: BulkTarget,
  status: UserStatus,
  reason?: string,
  /** A ban's end (ISO), with `blocked`; absent or null: permanent. */
  until?: string | null,
): Promise<BulkStatusResult> {
  const answer = await api('/api/admin/bulkchangestatus', {
    json: { status, reason, until: until ?? undefined, ...target },
  });
  const data = answer.ResponseData;
  return { updated: data?.updated ?? 0, ids: data?.ids, message: answer.ResponseMessage };
}

/** `banuser`: answers the player's standing and the server's words. */
export async function banUser(id: number, reason: string, until: string | null): Promise<string> {
  const answer = await api('/api/admin/banuser', { json: { id, reason, until } });
  return answer.ResponseMessage;
}

/** `liftban`: ends the ban in force (a second call changes nothing). */
export async function liftBan(id: number): Promise<string> {
  const answer = await api('/api/admin/liftban', { json: { id } });
  return answer.ResponseMessage;
}

/** A player's standing as `banuser` and `liftban` answer it. */
export interface Standing {
  id: number;
  status: UserStatus;
  ban: BanStanding | null;
}
