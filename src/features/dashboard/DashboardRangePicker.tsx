import { useEffect } from 'react';
import { TZ_COOKIE } from './tz-cookie';

interface Props {
  /** The choices, each a link to this page with its `range` (so it works before and without JS). */
  options: { range: number; label: string; href: string }[];
  range: number;
  /** The zone the server counted days in. */
  tz: string;
  label: string;
}

function cookieValue(name: string): string | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

const DAY = 86_400_000;

/**
 * Two zone names that keep the same clock over the last 180 days (UTC and Etc/UTC, Asia/Calcutta
 * and Asia/Kolkata, or any two zones that agree on every sampled instant) count the same days:
 * no need to load the page again for the other name.
 */
function sameClock(a: string, b: string): boolean {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' };
  const clock = (zone: string) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
  const [one, other] = [clock(a), clock(b)];
  const now = Date.now();
  for (let days = 0; days <= 180; days += 5) {
    const at = now - days * DAY;
    if (one.format(at) !== other.format(at)) return false;
  }
  return true;
}

/**
 * One range for every card and chart, kept in the address. On arrival it tells the server the
 * browser's zone (a cookie) and, when the page was counted in another zone, loads it again once:
 * if the server cannot use the zone, the cookie already matches and nothing repeats.
 */
export default function DashboardRangePicker({ options, range, tz, label }: Props) {
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || cookieValue(TZ_COOKIE) === zone) return;
    document.cookie = `${TZ_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
    if (zone !== tz && !sameClock(zone, tz)) window.location.reload();
  }, [tz]);

  return (
    <nav aria-label={label} className="dashboard-range">
      <ul className="nav nav-pills">
        {options.map((option) => (
          <li className="nav-item" key={option.range}>
            <a
              className={`nav-link${option.range === range ? ' active' : ''}`}
              href={option.href}
              aria-current={option.range === range ? 'page' : undefined}
            >
              {/* "7 days" starts with a figure: isolated, it is not read as "days 7" right to left. */}
              <bdi>{option.label}</bdi>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
