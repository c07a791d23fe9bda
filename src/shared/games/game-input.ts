import * as z from 'zod/mini';
import { filterParam, fromBeforeTo, instantParam, ListQueryInput } from '../../lib/list-query';
import { puzzleId } from '../puzzles/puzzle-input';
import { userId } from '../users/user-input';

/**
 * The games area's request shapes (DESIGN.md §5): the plays the product records, as the admin
 * lists and exports them. Messages are i18n keys; the server translates them.
 */

/**
 * `getgamehistory` and its CSV export: the list query plus optional user and puzzle filters and
 * a played-at range, `from` inclusive and `to` exclusive (the screen sends the admin's own days).
 */
export const GameHistoryFilter = z
  .object({
    user_id: filterParam(userId),
    puzzle_id: filterParam(puzzleId),
    from: instantParam,
    to: instantParam,
  })
  .check(fromBeforeTo);
export type GameHistoryFilter = z.output<typeof GameHistoryFilter>;
export const GameHistoryInput = z.intersection(ListQueryInput, GameHistoryFilter);
export type GameHistoryInput = z.output<typeof GameHistoryInput>;

/** One play as `getgamehistory` lists it. Timestamps are ISO 8601 strings in UTC. */
export interface GamePlayRow {
  id: number;
  user_id: number;
  /** The player's name, for lists that show many players. */
  user_name: string;
  puzzle_id: number;
  puzzle_title: string;
  score: number;
  /** Seconds. */
  duration: number;
  result: 'won' | 'lost' | 'abandoned';
  played_at: string;
}
