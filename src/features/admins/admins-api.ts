import { api } from '../../lib/api-client';
import { fetchList } from '../../lib/fetch-list';
import type { ListResult } from '../../lib/envelope';
import { listRequestQuery, type ListState } from '../../lib/list-url';
import type { AdminRow } from '../../shared/admins/admin-input';

export const adminName = (admin: { first_name: string; last_name: string }) =>
  `${admin.first_name} ${admin.last_name}`.trim();

/** getadmins takes no sort (names only), so the list query goes without it. */
function withoutSort(state: ListState) {
  const { sort: _sort, ...query } = listRequestQuery(state);
  return query;
}

/** The administrators endpoints as the islands call them; each rejects with the envelope. */
export function fetchAdmins(state: ListState, signal: AbortSignal): Promise<ListResult<AdminRow>> {
  return fetchList('/api/admin/getadmins', state, signal, withoutSort(state));
}

/** `inviteadmin`: a new invitation, or a fresh link for an admin still invited. */
export async function inviteAdmin(fields: {
  first_name: string;
  last_name: string;
  email: string;
  role: string;
}): Promise<{ admin: AdminRow; message: string }> {
  const answer = await api('/api/admin/inviteadmin', { json: fields });
  if (!answer.ResponseBody) throw new Error('No admin in the answer');
  return { admin: answer.ResponseBody, message: answer.ResponseMessage };
}

export async function changeAdminStatus(
  id: number,
  status: 'active' | 'disabled',
): Promise<{ admin: AdminRow; message: string }> {
  const answer = await api('/api/admin/changeadminstatus', { json: { id, status } });
  if (!answer.ResponseBody) throw new Error('No admin in the answer');
  return { admin: answer.ResponseBody, message: answer.ResponseMessage };
}

/** `changeadminrole`: applies on the admin's next request. */
export async function changeAdminRole(
  id: number,
  role: string,
): Promise<{ admin: AdminRow; message: string }> {
  const answer = await api('/api/admin/changeadminrole', { json: { id, role } });
  if (!answer.ResponseBody) throw new Error('No admin in the answer');
  return { admin: answer.ResponseBody, message: answer.ResponseMessage };
}

/** `acceptinvite` (public): answers with the address to sign in with. */
export async function acceptInvite(
  token: string,
  password: string,
): Promise<{ email: string; message: string }> {
  const answer = await api('/api/admin/acceptinvite', { json: { token, password } });
  return { email: answer.ResponseBody?.email ?? '', message: answer.ResponseMessage };
}

/** `approveadmin` (Owners): a registered admin becomes active with `role`. */
export async function approveAdmin(id: number, role: string): Promise<{ admin: AdminRow; message: string }> {
  const answer = await api('/api/admin/approveadmin', { json: { id, role } });
  if (!answer.ResponseBody) throw new Error('No admin in the answer');
  return { admin: answer.ResponseBody, message: answer.ResponseMessage };
}

/** `rejectadmin` (Owners): a registered admin's account is deleted. */
export async function rejectAdmin(id: number): Promise<{ message: string }> {
  const answer = await api('/api/admin/rejectadmin', { json: { id } });
  return { message: answer.ResponseMessage };
}
