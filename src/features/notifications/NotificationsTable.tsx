import { IconCalendarX, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import RelativeTime from '../../components/RelativeTime';
import RowActionButton from '../../components/RowActionButton';
import ListTable, { rowActions, type ListColumn } from '../../components/ListTable';
import type { Locale } from '../../i18n/locales';
import { formatNumber, type DateFormatOptions } from '../../lib/format';
import { fill, plural } from '../../lib/labels';
import { isBroadcast } from '../../shared/notifications/broadcast-rule';
import type { NotificationRow } from '../../shared/notifications/notification-input';
import { excerpt } from './notification-list-spec';
import { rowAudience, rowTime } from './notification-row';
import type { NotificationsScreenLabels } from './notifications-labels';
import NotificationStateBadge from './NotificationStateBadge';

interface NotificationsTableProps {
  rows: readonly NotificationRow[];
  busy: boolean;
  locale: Locale;
  dates: DateFormatOptions;
  labels: Pick<NotificationsScreenLabels, 'table' | 'states' | 'audience' | 'actions' | 'list'>;
  /** Opens a notification to read, where it cannot be edited (a role that may only see them). */
  onView: (row: NotificationRow) => void;
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
        const words = rowAudience(row, props.labels.audience, locale);
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
      ellipsis: true,
      giveWay: 'first',
    },
    {
      key: 'when',
      header: labels.when,
      cell: (row) => <RelativeTime value={rowTime(row)} locale={locale} dates={props.dates} />,
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
      dropWhenEmpty: true,
    },
  ];

  function actions(row: NotificationRow) {
    const manage = props.manage;
    const title = row.title;
    const button = (label: string, onClick: () => void, icon: typeof IconPencil) => (
      <RowActionButton label={label} icon={icon} onClick={onClick} />
    );
    // Without `notifications.broadcast` a broadcast's row is only read (the server refuses the rest).
    const mine =
      manage && (manage.broadcast || !isBroadcast({ audience: row.audience, named: row.target_count ?? 0 }));
    // Only what the server allows in the row's state: a cancelled send keeps its words, a send
    // under way finishes before it can be deleted, and only a scheduled one can be called off.
    // What cannot be edited can still be opened and read.
    const editable = mine && row.state !== 'cancelled';
    return rowActions(
      editable && button(fill(actionLabels.edit, { title }), () => manage.onEdit(row), IconPencil),
      !editable && button(fill(actionLabels.view, { title }), () => props.onView(row), IconEye),
      mine &&
        row.state === 'scheduled' &&
        button(fill(actionLabels.cancel, { title }), () => manage.onCancel(row), IconCalendarX),
      mine &&
        row.state !== 'sending' &&
        button(fill(actionLabels.delete, { title }), () => manage.onDelete(row), IconTrash),
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
      rowName={(row) => row.title}
      onOpen={props.onView}
    />
  );
}
