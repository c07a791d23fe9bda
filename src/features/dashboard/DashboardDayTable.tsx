import type { Locale } from '../../i18n/locales';
import { formatDate, formatNumber } from '../../lib/format';
import type { DayValue } from './dashboard-input';

interface Props {
  /** The chart's title, already translated. */
  caption: string;
  dayHeader: string;
  valueHeader: string;
  points: DayValue[];
  series: string;
  locale: Locale;
}

/** A chart's figures as a table for screen readers, drawn on the server only. */
export default function DashboardDayTable({
  caption,
  dayHeader,
  valueHeader,
  points,
  series,
  locale,
}: Props) {
  // Days are calendar dates already in the admin's zone: format them as such, never shift them.
  const day = (value: string) => formatDate(`${value}T00:00:00Z`, locale, { timeZone: 'UTC' });
  return (
    <table className="visually-hidden" data-series={series}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{dayHeader}</th>
          <th scope="col">{valueHeader}</th>
        </tr>
      </thead>
      <tbody>
        {points.map((point) => (
          <tr key={point.day}>
            <th scope="row">{day(point.day)}</th>
            <td data-day={point.day} data-value={point.value}>
              {formatNumber(point.value, locale)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
