/**
 * Lists filtered by the admin's own calendar days (`from` and `to`, both included) ask the server
 * for instants: a day's first instant in the browser's zone, and `to` as the next day's start
 * (the server's `to` is exclusive). The server's first render uses UTC (offset 0).
 */
export const DAY = /\d{4}-\d{2}-\d{2}/;

/** A day's first instant in the given zone offset (minutes east of UTC, as the browser reports it). */
export function dayStart(day: string, offsetMinutes = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - offsetMinutes * 60_000).toISOString();
}

/** The browser's offset on that day (DST-aware), minutes east of UTC. */
export function browserOffset(day: string): number {
  return -new Date(`${day}T00:00:00`).getTimezoneOffset();
}

/** `{from, to}` as the server takes them, for the days a filter names ('' for none). */
export function dayRangeQuery(
  from: string,
  to: string,
  offsetOf: (day: string) => number = () => 0,
): { from?: string; to?: string } {
  const query: { from?: string; to?: string } = {};
  if (from) query.from = dayStart(from, offsetOf(from));
  if (to) {
    const next = new Date(`${to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const day = next.toISOString().slice(0, 10);
    query.to = dayStart(day, offsetOf(day));
  }
  return query;
}
