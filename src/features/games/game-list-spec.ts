import { defineListSpec } from '../../lib/list-url';

/** `/puzzles?view=history` shows the games screen (a tab of the puzzles page). */
export const HISTORY_VIEW = 'history';
const DAY = /\d{4}-\d{2}-\d{2}/;

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

/** A day's first instant in the given zone offset (minutes east of UTC, as the browser reports it). */
export function dayStart(day: string, offsetMinutes = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - offsetMinutes * 60_000).toISOString();
}

/** The query `getgamehistory` and its export take for the history view's filters. */
export function historyQuery(
  filters: Record<'user_id' | 'puzzle_id' | 'from' | 'to', string>,
  offsetOf: (day: string) => number = () => 0,
): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.user_id) query.user_id = filters.user_id;
  if (filters.puzzle_id) query.puzzle_id = filters.puzzle_id;
  if (filters.from) query.from = dayStart(filters.from, offsetOf(filters.from));
  if (filters.to) {
    // `to` is exclusive on the server: the next day's start.
    const next = new Date(`${filters.to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const day = next.toISOString().slice(0, 10);
    query.to = dayStart(day, offsetOf(day));
  }
  return query;
}

/** The browser's offset on that day (DST-aware), minutes east of UTC. */
export function browserOffset(day: string): number {
  return -new Date(`${day}T00:00:00`).getTimezoneOffset();
}
