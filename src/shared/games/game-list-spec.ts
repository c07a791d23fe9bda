import { DAY, dayRangeQuery } from '../../lib/day-filter';
import { defineListSpec } from '../../lib/list-url';

/** `/puzzles?view=history` shows the games screen (a tab of the puzzles page). */
export const HISTORY_VIEW = 'history';

/**
 * `/puzzles?view=history&user_id=&puzzle_id=&from=&to=`: plays, newest first. `from` and `to` are
 * the admin's own calendar days, both included; the island turns them into instants in the
 * browser's time zone.
 */
export const historyListSpec = defineListSpec({
  sorts: ['-played'],
  defaultSort: '-played',
  filters: { user_id: /[1-9]\d{0,9}/, puzzle_id: /[1-9]\d{0,9}/, from: DAY, to: DAY },
});

/** The query `getgamehistory` and its export take for the history view's filters. */
export function historyQuery(
  filters: Record<'user_id' | 'puzzle_id' | 'from' | 'to', string>,
  offsetOf: (day: string) => number = () => 0,
): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.user_id) query.user_id = filters.user_id;
  if (filters.puzzle_id) query.puzzle_id = filters.puzzle_id;
  Object.assign(query, dayRangeQuery(filters.from, filters.to, offsetOf));
  return query;
}

/** The history's filters that name a thing, shown as chips by name. */
export type PickFilter = 'user_id' | 'puzzle_id';

/** What a history URL's `user_id` and `puzzle_id` name; null when absent or gone. */
export type HistoryPicks = Record<PickFilter, { id: number; name: string } | null>;
