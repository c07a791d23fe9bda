import { api } from '../../lib/api-client';
import type { ListResult } from '../../lib/envelope';
import { fetchList } from '../../lib/fetch-list';
import type { ListState } from '../../lib/list-url';
import type { PuzzleDetail, PuzzleRow } from '../../shared/puzzles/puzzle-input';

/** The puzzles endpoints as the islands call them (DESIGN.md §5); each rejects with the envelope. */

export function fetchPuzzles(state: ListState, signal: AbortSignal): Promise<ListResult<PuzzleRow>> {
  return fetchList('/api/admin/getpuzzles', state, signal);
}

export async function fetchPuzzle(id: number): Promise<PuzzleDetail> {
  const answer = await api('/api/admin/getpuzzle', { query: { id } });
  if (!answer.ResponseBody) throw new Error('No puzzle in the answer');
  return answer.ResponseBody;
}

/** `addpuzzle` without an id in the form, `updatepuzzle` with one (JSON either way). */
export async function savePuzzle(data: FormData): Promise<{ puzzle: PuzzleRow; message: string }> {
  const fields = Object.fromEntries([...data.entries()].filter(([, value]) => typeof value === 'string'));
  const id = fields.id ? Number(fields.id) : undefined;
  const answer = id
    ? await api('/api/admin/updatepuzzle', { json: { ...fields, id } })
    : await api('/api/admin/addpuzzle', { json: fields });
  if (!answer.ResponseBody) throw new Error('No puzzle in the answer');
  return { puzzle: answer.ResponseBody, message: answer.ResponseMessage };
}

export async function deletePuzzle(id: number): Promise<string> {
  return (await api('/api/admin/deletepuzzle', { json: { id } })).ResponseMessage;
}

/** Archive = save the puzzle as it is with status `archived` (the contract has no separate verb). */
export async function archivePuzzle(id: number): Promise<string> {
  const { title, category, difficulty, content } = await fetchPuzzle(id);
  const answer = await api('/api/admin/updatepuzzle', {
    json: { id, title, category, difficulty, content, status: 'archived' },
  });
  return answer.ResponseMessage;
}

/** A puzzle as a type-ahead offers it: its title, with its category under it. */
export interface PuzzlePick {
  id: number;
  name: string;
  category: string;
}

/** Up to 20 puzzles whose title or category holds `search`, from `getpuzzles` (the game history's filter). */
export async function searchPuzzles(search: string, signal: AbortSignal): Promise<PuzzlePick[]> {
  const answer = await api('/api/admin/getpuzzles', {
    query: { search, record: 20, sort: 'title' },
    signal,
  });
  return (answer.ResponseData?.list ?? []).map(({ id, title, category }) => ({ id, name: title, category }));
}
