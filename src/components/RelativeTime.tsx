import type { Locale } from '../i18n/locales';
import { formatDateTime, formatRelative, type DateFormatOptions } from '../lib/format';
import { useNow } from './use-now';

interface RelativeTimeProps {
  /** An ISO 8601 instant, as the API gives it. */
  value: string;
  locale: Locale;
  /** The island's date options (useDateOptions), so the exact time's zone matches the server's render. */
  dates: DateFormatOptions;
  /** "Now" shared with the screen (useNow), when it already keeps one. */
  now?: number;
}

/**
 * When something happened, as a list says it: "3 hr. ago" in the page's language, the exact date
 * and time in the hover tip and in `datetime`. Exports keep the exact time.
 */
export default function RelativeTime({ value, locale, dates, now }: RelativeTimeProps) {
  const clock = useNow();
  return (
    // The server and the browser may stand either side of a minute: the browser's words win.
    <time dateTime={value} title={formatDateTime(value, locale, dates)} suppressHydrationWarning>
      {formatRelative(value, locale, now ?? clock, 'short')}
    </time>
  );
}
