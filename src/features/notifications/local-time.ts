/**
 * The composer's schedule: a date and a time of day as the admin reads them in their own time
 * zone, and the UTC instant the API stores. Pure (the zone is a parameter), so it is tested in
 * any zone and behaves the same across daylight-saving changes.
 */
import { dateTimeFormat } from '../../lib/format';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

function partsIn(zone: string): Intl.DateTimeFormat {
  return dateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** The wall clock in `zone` at `utcMs`, as if it were UTC (so subtracting gives the offset). */
function wallClock(utcMs: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsIn(zone).formatToParts(new Date(utcMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** `zone`'s offset from UTC at the instant `utcMs`, in milliseconds (east is positive). */
export function zoneOffset(utcMs: number, zone: string): number {
  const whole = Math.floor(utcMs / 1000) * 1000;
  return wallClock(whole, zone) - whole;
}

/**
 * `2025-03-30` + `09:15` read in `zone` → the ISO 8601 UTC instant; null when either is not a
 * real date or time. A time skipped by a daylight-saving jump lands just after it, as clocks do.
 */
export function zonedToUtc(date: string, time: string, zone: string): string | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as number[];
  if (hour! > 23 || minute! > 59) return null;
  const wall = Date.UTC(year!, month! - 1, day!, hour, minute);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day)
    return null;
  // The offset at the wall time read as UTC is a first guess; the offset at that guess is right
  // unless a daylight-saving change falls between the two.
  const guess = wall - zoneOffset(wall, zone);
  return new Date(wall - zoneOffset(guess, zone)).toISOString();
}

/** The instant `iso` as `{date: 'YYYY-MM-DD', time: 'HH:MM'}` on the wall clock of `zone`. */
export function utcToZoned(iso: string, zone: string): { date: string; time: string } {
  const wall = new Date(wallClock(new Date(iso).getTime(), zone)).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/** The browser's zone ("Europe/Bucharest"); UTC where the runtime cannot tell. */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The zone as shown beside the schedule: its name and its offset then ("Europe/Paris, GMT+2"). */
export function describeZone(zone: string, tag: string, at: Date = new Date()): string {
  const offset = dateTimeFormat(tag, { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset ? `${zone.replace(/_/g, ' ')} (${offset})` : zone;
}
