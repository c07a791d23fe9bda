import { api } from '../../lib/api-client';
import type { SessionRow } from '../../shared/account/session-row';

/** The sessions endpoints as the island calls them; each rejects with the envelope. */

export async function fetchSessions(): Promise<SessionRow[]> {
  const answer = await api('/api/admin/getsessions');
  return answer.ResponseData?.list ?? [];
}

/** One other session by id, or every other one; resolves with the server's sentence. */
export async function revokeSession(target: { id: number } | { others: true }): Promise<string> {
  return (await api('/api/admin/revokesession', { json: target })).ResponseMessage;
}
