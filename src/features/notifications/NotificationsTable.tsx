import { IconCalendarX, IconPencil, IconTrash } from '@tabler/icons-react';
import ListTable, { type ListColumn } from '../../components/ListTable';
import type { Locale } from '../../i18n/locales';
import { formatDateTime, formatNumber, type DateFormatOptions } from '../../lib/format';
import { fill, plural } from '../../lib/labels';
import { audienceInWords } from './audience-words';
import { isBroadcast } from '../../shared/notifications/broadcast-rule';
import type { NotificationRow } from '../../shared/notifications/notification-input';
import { excerpt } from './notification-list-spec';
import type { NotificationsScreenLabels } from './notifications-labels';
import NotificationStateBadge from './NotificationStateBadge';

interface NotificationsTableProps {
  rows: readonly NotificationRow[];
  busy: boolean;
  locale: Locale;
  dates: DateFormatOptions;
  labels: Pick<NotificationsScreenLabels, 'table' | 'states' | 'audience' | 'actions' | 'list'>;
  /** Left out (with the row actions) when the admin may not send. */
  manage?: {
    onEdit: (row: NotificationRow) => void;
    onCancel: (row: NotificationRow) => void;
    onDelete: (row: NotificationRow) => void;
    /** `notifications.broadcast`: without it, a broadcast's row has no actions (the server refuses them). */
    broadcast: boolean;
  };
}

/** A long text in at most two lines with an ellipsis; the whole of it in the tooltip. */
function clamped(text: string, whole: string, className: string) {
  return (
    <span className={`app-list-clamp ${className}`} title={whole}>
      {text}
    </span>
  );
}

/** When it went out, or when it is (or was) due to. */
function when(row: NotificationRow): string {
  return row.sent_at ?? row.scheduled_at ?? row.created_at;
}

export default function NotificationsTable(props: NotificationsTableProps) {
  const { locale } = props;
  const labels = props.labels.table;
  const actionLabels = props.labels.actions;
  const number = (value: number) => formatNumber(value, locale);
  const columns: ListColumn<NotificationRow>[] = [
    {
      key: 'title',
      header: labels.title,
      rowHeader: true,
      cell: (row) => clamped(row.title, row.title, 'app-notification-title'),
      className: 'fw-medium',
    },
    {
      key: 'message',
      header: labels.message,
      cell: (row) => clamped(excerpt(row.message, 160), row.message, 'app-notification-excerpt'),
      giveWay: 'first',
    },
    {
      key: 'audience',
      header: labels.audience,
      cell: (row) => {
        const words = audienceInWords(
          {
            audience: row.audience,
            count: row.audience_size ?? row.target_count ?? row.recipients + row.skipped,
            status: row.audience_status,
            search: row.audience_search,
          },
          props.labels.audience,
          props.labels.audience,
          locale,
        );
        return clamped(words, words, 'app-notification-audience');
      },
      giveWay: 'next',
    },
    {
      key: 'recipients',
      header: labels.recipients,
      cell: (row) =>
        row.state === 'scheduled' ? (
          <span className="text-body-secondary">{labels.notSentYet}</span>
        ) : (
          <>
            {number(row.recipients)}
            {row.skipped > 0 && (
              <div className="small text-body-secondary text-nowrap">
                {plural(labels.skipped, row.skipped, { count: number(row.skipped) })}
              </div>
            )}
          </>
        ),
      className: 'text-end',
      fit: true,
    },
    {
      key: 'read',
      header: labels.read,
      cell: (row) => number(row.read_count),
      className: 'text-end',
      fit: true,
      giveWay: 'next',
    },
    {
      key: 'sent_by',
      header: labels.sentBy,
      cell: (row) => row.created_by?.name ?? labels.formerAdmin,
      fit: true,
      giveWay: 'first',
    },
    {
      key: 'when',
      header: labels.when,
      cell: (row) => <time dateTime={when(row)}>{formatDateTime(when(row), locale, props.dates)}</time>,
      fit: true,
    },
    {
      key: 'state',
      header: labels.state,
      cell: (row) => <NotificationStateBadge state={row.state} labels={props.labels.states} />,
      fit: true,
    },
    {
      key: 'actions',
      header: labels.actions,
      hideHeader: true,
      cell: (row) => actions(row),
      className: 'text-end',
      fit: true,
    },
  ];

  function actions(row: NotificationRow) {
    const manage = props.manage;
    if (!manage) return null;
    if (!manage.broadcast && isBroadcast({ audience: row.audience, named: row.target_count ?? 0 }))
      return null;
    const title = row.title;
    const button = (label: string, onClick: () => void, Icon: typeof IconPencil) => (
      <button
        type="button"
        className="btn btn-sm app-icon-btn"
        aria-label={label}
        title={label}
        onClick={onClick}
      >
        <Icon size={18} aria-hidden="true" />
      </button>
    );
    // Only what the server allows in the row's state: a cancelled send keeps its words, a send
    // under way finishes before it can be deleted, and only a scheduled one can be called off.
    return (
      <div className="app-list-actions">
        {row.state !== 'cancelled' &&
          button(fill(actionLabels.edit, { title }), () => manage.onEdit(row), IconPencil)}
        {row.state === 'scheduled' &&
          button(fill(actionLabels.cancel, { title }), () => manage.onCancel(row), IconCalendarX)}
        {row.state !== 'sending' &&
          button(fill(actionLabels.delete, { title }), () => manage.onDelete(row), IconTrash)}
      </div>
    );
  }

  return (
    <ListTable
      caption={labels.caption}
      columns={columns}
      rows={props.rows}
      sort="-created"
      onSort={() => undefined}
      busy={props.busy}
      labels={props.labels.list}
    />
  );
}
