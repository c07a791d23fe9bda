import { IconHistory, IconTrash } from '@tabler/icons-react';
import ListTable, { rowActions, type ListColumn } from '../../components/ListTable';
import RowActionButton from '../../components/RowActionButton';
import StatusBadge from '../../components/StatusBadge';
import type { ListLabels } from '../../components/list-labels';
import type { Locale } from '../../i18n/locales';
import { formatDate, type DateFormatOptions } from '../../lib/format';
import { fill } from '../../lib/labels';
import type { WebhookRow } from '../../shared/webhooks/webhook-input';
import type { WebhookLabels, WebhooksPanelLabels } from './webhooks-labels';

interface WebhooksTableProps {
  rows: readonly WebhookRow[];
  busy: boolean;
  locale: Locale;
  dates: DateFormatOptions;
  labels: WebhookLabels;
  eventLabels: WebhooksPanelLabels['events'];
  listLabels: ListLabels;
  onDeliveries: (hook: WebhookRow) => void;
  onDelete: (hook: WebhookRow) => void;
}

/** The endpoints, newest first: where each goes, what it hears, and whether it is answering. */
export default function WebhooksTable({ labels, locale, dates, ...props }: WebhooksTableProps) {
  const columns: ListColumn<WebhookRow>[] = [
    {
      key: 'url',
      header: labels.url,
      rowHeader: true,
      cell: (hook) => (
        <>
          <code dir="ltr" className="text-break">
            {hook.url}
          </code>
          <div className="small text-body-secondary">
            {hook.events.map((event) => props.eventLabels[event]).join(', ')}
          </div>
        </>
      ),
    },
    {
      key: 'created',
      header: labels.created,
      cell: (hook) => formatDate(hook.created_at, locale, dates),
      fit: true,
      giveWay: 'first',
    },
    {
      key: 'state',
      header: labels.state,
      cell: (hook) =>
        hook.disabled_at ? (
          <StatusBadge tone="danger" label={labels.disabled} />
        ) : hook.failing_since ? (
          <StatusBadge
            tone="warning"
            label={fill(labels.failing, { date: formatDate(hook.failing_since, locale, dates) })}
          />
        ) : (
          <StatusBadge tone="success" label={labels.active} />
        ),
      fit: true,
    },
    {
      key: 'actions',
      header: labels.actions,
      hideHeader: true,
      cell: (hook) =>
        rowActions(
          <RowActionButton
            key="deliveries"
            label={fill(labels.deliveriesOf, { url: hook.url })}
            title={labels.deliveries}
            icon={IconHistory}
            onClick={() => props.onDeliveries(hook)}
          />,
          <RowActionButton
            key="delete"
            label={fill(labels.deleteOf, { url: hook.url })}
            title={labels.delete}
            icon={IconTrash}
            onClick={() => props.onDelete(hook)}
          />,
        ),
      className: 'text-end',
      fit: true,
    },
  ];
  return (
    <ListTable
      caption={labels.title}
      columns={columns}
      rows={props.rows}
      sort="-created"
      onSort={() => {}}
      busy={props.busy}
      labels={props.listLabels}
    />
  );
}
