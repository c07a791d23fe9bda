import type { HistoryPicks } from '../../shared/games/game-list-spec';
import { HttpError } from '../http/errors';
import { getPuzzle } from '../puzzles/service';
import { pickUsersById } from '../users/list';

// Only a 404 means the puzzle is gone; anything else (the database away) is the page's own error.
const gone = (error: unknown) => {
  if (error instanceof HttpError && error.status === 404) return null;
  throw error;
};

/**
 * The player and puzzle a history URL filters by, with their names, so the first paint shows a
 * chip that reads "Ada Solver", not "17". One that no longer exists (or an id the URL made up)
 * is null: the screen then says so instead of naming it.
 */
export async function historyFilterPicks(filters: Record<string, string>): Promise<HistoryPicks> {
  const userId = Number(filters.user_id);
  const puzzleId = Number(filters.puzzle_id);
  const [users, puzzle] = await Promise.all([
    userId ? pickUsersById([userId], { emails: false }) : [],
    puzzleId ? getPuzzle(puzzleId).catch(gone) : null,
  ]);
  const user = users[0];
  return {
    user_id: user ? { id: user.id, name: user.name } : null,
    puzzle_id: puzzle ? { id: puzzle.id, name: puzzle.title } : null,
  };
}
