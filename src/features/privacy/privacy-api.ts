import { api } from '../../lib/api-client';
import type { ErasureState } from '../../shared/privacy/privacy-input';

/** The privacy endpoints as the panel calls them (DESIGN.md §5c); each rejects with the envelope. */

/** The export is a plain download link: the browser streams the file to disk. */
export const exportHref = (userId: number) => `/api/admin/exportuserdata?id=${userId}`;

export async function fetchErasure(userId: number, signal: AbortSignal): Promise<ErasureState | null> {
  return (await api('/api/admin/getusererasure', { query: { id: userId }, signal })).ResponseBody ?? null;
}

async function change(path: '/api/admin/eraseuser' | '/api/admin/cancelerasure', userId: number) {
  const answer = await api(path, { json: { id: userId } });
  if (!answer.ResponseBody) throw new Error('No erasure state in the answer');
  return { state: answer.ResponseBody, message: answer.ResponseMessage };
}

export const scheduleErasure = (userId: number) => change('/api/admin/eraseuser', userId);
export const cancelErasure = (userId: number) => change('/api/admin/cancelerasure', userId);
