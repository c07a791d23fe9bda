import { LANGUAGE_TAGS as TAGS, type Locale } from '../i18n/locales';

/** The BCP 47 tag the helpers below format with, for other Intl APIs on the client. */
export function formatTag(locale: Locale): string {
  return TAGS[locale];
}

/** Something that names an instant: a Date, an ISO 8601 string (the API's timestamps) or epoch ms. */
export type DateInput = Date | string | number;

// Building an Intl formatter costs far more than using one, and a table formats hundreds of cells.
// On the server a formatter made per request also costs later: its ICU objects live outside the
// JavaScript heap and are freed only after a full collection, all at once, in a burst that stalls
// every request behind it. The cache holds formatters only (a pure function of tag and options),
// nothing per request; bounded, as time zones come from requests.
const FORMATTERS_MAX = 500;
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    if (formatters.size >= FORMATTERS_MAX) formatters.delete(formatters.keys().next().value!);
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The shared `Intl.DateTimeFormat` for a BCP 47 tag and options. Throws what the constructor
 * throws (a RangeError for a time zone the runtime does not know), and then keeps nothing.
 */
export function dateTimeFormat(tag: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached(`d|${tag}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(tag, options));
}

function dateFormatter(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return dateTimeFormat(TAGS[locale], options);
}

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Options for the date helpers. Pass `timeZone` when the server renders a value an island
 * hydrates again: otherwise the server's zone and the browser's may disagree.
 */
export type DateFormatOptions = Pick<Intl.DateTimeFormatOptions, 'timeZone' | 'dateStyle' | 'timeStyle'>;

/** A calendar date for the language ("Mar 12, 2025", "12 mars 2025", "2025年3月12日"); '' when invalid. */
export function formatDate(value: DateInput, locale: Locale, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  return date ? dateFormatter(locale, { dateStyle: 'medium', ...options }).format(date) : '';
}

/** A date and time of day for the language; '' for an invalid value. */
export function formatDateTime(value: DateInput, locale: Locale, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  return date
    ? dateFormatter(locale, { dateStyle: 'medium', timeStyle: 'short', ...options }).format(date)
    : '';
}

/** A number with the language's grouping and decimal marks ("1 234,5" in French). */
export function formatNumber(value: number, locale: Locale, options: Intl.NumberFormatOptions = {}): string {
  const tag = TAGS[locale];
  return cached(`n|${tag}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(tag, options)).format(
    value,
  );
}

/** A list's total: "1,234", or "1,000+" when the server stopped counting there (`capped`). */
export function formatTotal(total: number, locale: Locale, capped = false): string {
  return `${formatNumber(total, locale)}${capped ? '+' : ''}`;
}

const RELATIVE_STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/**
 * How long ago or how soon, in the language ("3 hours ago", "il y a 3 heures", "3小时前"), in the largest
 * whole unit; under a minute is "now". `now` is passed in, so a server render and its hydration
 * can agree on it. `short` is a list's: "3 hr. ago", "il y a 3 h".
 */
export function formatRelative(
  value: DateInput,
  locale: Locale,
  now: number,
  style: Intl.RelativeTimeFormatStyle = 'long',
): string {
  const date = toDate(value);
  if (!date) return '';
  const tag = TAGS[locale];
  const format = cached(
    `r|${tag}|${style}`,
    () => new Intl.RelativeTimeFormat(tag, { numeric: 'auto', style }) as unknown as Intl.NumberFormat,
  ) as unknown as Intl.RelativeTimeFormat;
  // A moment still to come (a scheduled send) a minute or more ahead reads "in 3 hr."; anything
  // nearer, a clock a few seconds out included, is "now".
  const ahead = date.getTime() - now >= 60_000;
  const sign = ahead ? 1 : -1;
  let amount = Math.max(0, (ahead ? date.getTime() - now : now - date.getTime()) / 60_000);
  for (const [unit, size] of RELATIVE_STEPS) {
    if (amount < size || unit === 'year') return format.format(sign * Math.floor(amount), unit);
    amount /= size;
  }
  return '';
}

/**
 * A duration in seconds as a clock reads it: "0:40", "12:05", "1:02:09" from an hour on. Digits
 * and colons read the same in every language, so this takes no locale; a negative or fractional
 * value is taken as its whole seconds from zero.
 */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
