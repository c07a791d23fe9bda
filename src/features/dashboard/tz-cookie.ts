import { isTimeZone } from '../../shared/dashboard/time-zone';

/**
 * The browser's time zone, set by the dashboard's range picker, so the next server render counts
 * the admin's own calendar days. Not a secret and not per session: a plain readable cookie.
 */
export const TZ_COOKIE = 'tz';

export function timeZoneFromCookie(value: string | undefined): string {
  return value && isTimeZone(value) ? value : 'UTC';
}
