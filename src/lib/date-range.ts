/**
 * The dates any field or filter accepts. JavaScript reads years from -271821 and PostgreSQL's
 * timestamps stop at 4713 BC (and have no year 0), so a bound outside this range would reach SQL as
 * an error; within it, every date means the same to both, and nothing real falls outside it.
 */
export const EARLIEST_DATE = new Date('1900-01-01T00:00:00.000Z');
export const LATEST_DATE = new Date('9999-12-31T23:59:59.999Z');

export function inDateRange(time: number): boolean {
  return time >= EARLIEST_DATE.getTime() && time <= LATEST_DATE.getTime();
}
