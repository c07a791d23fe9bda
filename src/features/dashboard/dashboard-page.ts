import {
  DASHBOARD_RANGES,
  type DashboardInput,
  type DashboardRange,
} from '../../shared/dashboard/dashboard-input';
import { timeZoneFromCookie } from './tz-cookie';
import type { T } from '../../lib/labels';
import type { I18nKey } from '../../i18n/keys';

/**
 * What /dashboard shows: the range from the address (anything else than 7, 30 or 90 shows 7, as a
 * page should rather than answer 400) and the zone the browser left in its cookie, else UTC.
 */
export function dashboardPageInput(params: URLSearchParams, tzCookie: string | undefined): DashboardInput {
  const asked = Number(params.get('range'));
  const range = (DASHBOARD_RANGES as readonly number[]).includes(asked) ? (asked as DashboardRange) : 7;
  return { range, tz: timeZoneFromCookie(tzCookie) };
}

const RANGE_LABELS: Record<DashboardRange, I18nKey> = {
  7: 'dashboard.range.days7',
  30: 'dashboard.range.days30',
  90: 'dashboard.range.days90',
};

export function rangeOptions(t: T) {
  return DASHBOARD_RANGES.map((range) => ({
    range,
    label: t(RANGE_LABELS[range]),
    href: `/dashboard?range=${range}`,
  }));
}
