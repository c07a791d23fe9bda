import CellText from '../../components/CellText';
import type { ListColumn } from '../../components/ListTable';
import RelativeTime from '../../components/RelativeTime';
import type { Locale } from '../../i18n/locales';
import { formatDateTime, formatNumber, type DateFormatOptions } from '../../lib/format';
import type { AuditWords } from './audit-labels';
import { actionWords, describeDetail, describeTarget, type DetailFormats } from './audit-words';

type Words = AuditWords;

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

/**
 * What an audit entry was about: a link where there is a page for it. Isolated (`dir="auto"`): quotes
 * around a name (“Owner”, « Propriétaire ») are neutral characters, and a right-to-left layout
 * would otherwise turn them around the name.
 */
export function TargetCell({ target, name, words }: { target: string | null; name?: string; words: Words }) {
  const described = describeTarget(target, words, name);
  if (!described) return null;
  // On one line, cut with "…" in a narrow column; `dir="auto"` isolates it as `bdi` would.
  const text = <CellText text={described.text} />;
  return described.href ? (
    <a className="app-list-link" href={described.href}>
      {text}
    </a>
  ) : (
    text
  );
}

/** What an audit entry row holds, on the Activity tab and the audit log alike. */
interface EntryRow {
  id: number;
  at: string;
  action: string;
  target: string | null;
  target_name?: string;
  detail: string | null;
  ip: string | null;
}

/**
 * The columns an audit entry is shown with (when, what, on what, from where), worded the same on
 * the Activity tab and the audit log; `headers` names them in the screen's words.
 */
export function entryColumns<Row extends EntryRow>(options: {
  headers: Record<'at' | 'action' | 'target' | 'ip', string>;
  actions: Record<string, string>;
  words: Words;
  locale: Locale;
  dates: DateFormatOptions;
}): Record<'at' | 'action' | 'target' | 'ip', ListColumn<Row>> {
  const { headers, actions, words, locale, dates } = options;
  const formats = detailFormats(locale, dates);
  return {
    at: {
      key: 'at',
      header: headers.at,
      cell: (row) => <RelativeTime value={row.at} locale={locale} dates={dates} />,
      fit: true,
    },
    action: {
      key: 'action',
      header: headers.action,
      rowHeader: true,
      cell: (row) => (
        <ActionCell
          action={row.action}
          detail={row.detail}
          actions={actions}
          words={words}
          formats={formats}
        />
      ),
    },
    target: {
      key: 'target',
      header: headers.target,
      cell: (row) => <TargetCell target={row.target} name={row.target_name} words={words} />,
      ellipsis: true,
    },
    ip: { key: 'ip', header: headers.ip, cell: (row) => row.ip ?? '', className: 'text-nowrap' },
  };
}
