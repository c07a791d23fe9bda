import type { Locale } from '../../i18n/locales';
import { formatDateTime, formatNumber, type DateFormatOptions } from '../../lib/format';
import type { ActivityListLabels } from './account-labels';
import { actionWords, describeDetail, describeTarget, type DetailFormats } from './activity-words';

type Words = ActivityListLabels['activity'];

/** Counts and instants in an entry's detail, as the rest of the row prints them. */
export const detailFormats = (locale: Locale, dates: DateFormatOptions): DetailFormats => ({
  count: (value) => formatNumber(value, locale),
  instant: (iso) => formatDateTime(iso, locale, dates),
});

/** An audit entry's action in words, with the facts of its detail beneath (the Activity tab, the audit log). */
export function ActionCell(props: {
  action: string;
  detail: string | null;
  actions: Record<string, string>;
  words: Words;
  formats: DetailFormats;
}) {
  return (
    <>
      <span className="fw-medium">{actionWords(props.action, props.actions, props.words)}</span>
      {describeDetail(props.detail, props.words, props.formats).map((fact) => (
        <span key={fact} className="d-block small text-body-secondary fw-normal">
          {fact}
        </span>
      ))}
    </>
  );
}

/** What an audit entry was about: a link where there is a page for it. */
export function TargetCell({ target, name, words }: { target: string | null; name?: string; words: Words }) {
  const described = describeTarget(target, words, name);
  if (!described) return null;
  return described.href ? (
    <a href={described.href}>{described.text}</a>
  ) : (
    <span className="text-break">{described.text}</span>
  );
}
