import { dateTimeFormat } from '../../lib/format';
import type { DashboardRange } from '../../shared/dashboard/dashboard-input';

/** The days a range covers, as calendar dates in the admin's zone (YYYY-MM-DD). */
export interface Period {
  /** First day of the previous period. */
  previousFrom: string;
  /** First day of the range; the previous period ends the day before. */
  from: string;
  /** Today: the range's last day. */
  to: string;
  /** The day after today: the range ends at its midnight. */
  end: string;
  days: string[];
}

function todayIn(tz: string, now: Date): string {
  return dateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
}

export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

export function periodOf(range: DashboardRange, tz: string, now = new Date()): Period {
  const to = todayIn(tz, now);
  const from = addDays(to, 1 - range);
  return {
    previousFrom: addDays(from, -range),
    from,
    to,
    end: addDays(to, 1),
    days: Array.from({ length: range }, (_, index) => addDays(from, index)),
  };
}
