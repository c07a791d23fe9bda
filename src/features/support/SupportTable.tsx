import CellText from '../../components/CellText';
import EmailAddress from '../../components/EmailAddress';
import RelativeTime from '../../components/RelativeTime';
import ListTable, { type ListColumn } from '../../components/ListTable';
import type { Locale } from '../../i18n/locales';
import { formatNumber, type DateFormatOptions } from '../../lib/format';
import { fill } from '../../lib/labels';
import type { SupportRow } from '../../shared/support/support-input';
import { excerpt } from './support-list-spec';
import type { SupportScreenLabels } from './support-labels';
import SupportStatusBadge from './SupportStatusBadge';

interface SupportTableProps {
  rows: readonly SupportRow[];
  busy: boolean;
  locale: Locale;
  now: number;
  dates: DateFormatOptions;
  labels: Pick<SupportScreenLabels, 'table' | 'statuses' | 'list'>;
  onOpen: (row: SupportRow) => void;
}

export default function SupportTable(props: SupportTableProps) {
  const { locale } = props;
  const labels = props.labels.table;
  const columns: ListColumn<SupportRow>[] = [
    {
      key: 'subject',
      header: labels.subject,
      rowHeader: true,
      // The subject opens the thread: a real button, so it is reached and used by keyboard.
      cell: (row) => (
        <button
          type="button"
          className="app-list-link fw-medium"
          aria-label={fill(labels.openThread, { subject: row.subject })}
          onClick={() => props.onOpen(row)}
        >
          <CellText text={row.subject} />
        </button>
      ),
      ellipsis: true,
    },
    {
      key: 'user',
      header: labels.user,
      cell: (row) =>
        row.user ? (
          <>
            <CellText text={row.user.name} />
            <div className="small text-body-secondary">
              <EmailAddress address={row.user.email} />
            </div>
          </>
        ) : (
          <span className="text-body-secondary">{labels.formerUser}</span>
        ),
      ellipsis: true,
    },
    {
      key: 'excerpt',
      header: labels.excerpt,
      cell: (row) => excerpt(row.message),
      className: 'app-support-excerpt',
      giveWay: 'next',
    },
    {
      key: 'status',
      header: labels.status,
      cell: (row) => <SupportStatusBadge status={row.status} labels={props.labels.statuses} />,
      fit: true,
    },
    {
      key: 'assignee',
      header: labels.assignee,
      cell: (row) => row.assignee?.name ?? labels.unassigned,
      ellipsis: true,
    },
    {
      key: 'waiting',
      header: labels.waiting,
      cell: (row) =>
        row.waiting_since ? (
          <RelativeTime value={row.waiting_since} locale={locale} dates={props.dates} now={props.now} />
        ) : (
          // Nobody waits: answered, the user's turn; or resolved, nothing left to do.
          <span className="text-body-secondary">
            {row.status === 'resolved' ? labels.done : labels.answered}
          </span>
        ),
      fit: true,
    },
    {
      key: 'replies',
      header: labels.replies,
      cell: (row) => formatNumber(row.reply_count, locale),
      className: 'text-end',
      fit: true,
      giveWay: 'first',
    },
  ];

  return (
    <ListTable
      caption={labels.caption}
      columns={columns}
      rows={props.rows}
      sort="-activity"
      onSort={() => undefined}
      busy={props.busy}
      labels={props.labels.list}
      rowName={(row) => row.subject}
      onOpen={props.onOpen}
    />
  );
}
