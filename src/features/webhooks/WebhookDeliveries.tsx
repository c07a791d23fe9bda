import { IconRefresh, IconSend } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import ListStatus from '../../components/ListStatus';
import ListTable, { type ListColumn } from '../../components/ListTable';
import RowActionButton from '../../components/RowActionButton';
import StatusBadge from '../../components/StatusBadge';
import { keepTabInside } from '../../components/keep-tab-inside';
import { useDateOptions } from '../../components/use-date-options';
import { useLatestRequest } from '../../components/use-latest-request';
import type { Locale } from '../../i18n/locales';
import { describeFailure } from '../../lib/api-failure';
import { formatDateTime, formatNumber } from '../../lib/format';
import { fill } from '../../lib/labels';
import { showSnackbar } from '../../stores/snackbar';
import type { WebhookAttemptRow, WebhookEvent, WebhookRow } from '../../shared/webhooks/webhook-input';
import { fetchAttempts, redeliver } from './webhooks-api';
import type { WebhooksPanelLabels } from './webhooks-labels';

interface WebhookDeliveriesProps {
  /** The endpoint whose attempts are shown; null closes the dialog. */
  hook: WebhookRow | null;
  locale: Locale;
  labels: WebhooksPanelLabels;
  onHide: () => void;
}

const ok = (attempt: WebhookAttemptRow) =>
  attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;

/** The endpoint's last 100 attempts, newest first, each with its answer and time; any can be sent again. */
export default function WebhookDeliveries({ hook, locale, labels, onHide }: WebhookDeliveriesProps) {
  const words = labels.hooks;
  const id = useId();
  const dates = useDateOptions();
  const attempts = useLatestRequest<WebhookAttemptRow[]>([]);
  const [sending, setSending] = useState<number | null>(null);
  const { run } = attempts;
  const load = () => hook && void run((signal) => fetchAttempts(hook.id, signal));
  useEffect(() => {
    if (hook) void run((signal) => fetchAttempts(hook.id, signal));
  }, [hook, run]);

  async function sendAgain(attempt: WebhookAttemptRow) {
    setSending(attempt.delivery_id);
    try {
      showSnackbar({ message: await redeliver(attempt.delivery_id), severity: 'success' });
      load();
    } catch (failure) {
      const { message } = describeFailure(failure, labels.list.unreachable);
      showSnackbar({ message, variant: 'alert', severity: 'error' });
    } finally {
      setSending(null);
    }
  }

  const columns: ListColumn<WebhookAttemptRow>[] = [
    {
      key: 'time',
      header: words.time,
      rowHeader: true,
      // Isolated: in a right-to-left page a date starting with its day would be drawn out of order.
      cell: (attempt) => <bdi>{formatDateTime(attempt.attempted_at, locale, dates)}</bdi>,
      fit: true,
    },
    {
      key: 'event',
      header: words.event,
      cell: (attempt) => labels.events[attempt.event as WebhookEvent] ?? attempt.event,
    },
    {
      key: 'status',
      header: words.status,
      cell: (attempt) => (
        <StatusBadge
          tone={ok(attempt) ? 'success' : 'danger'}
          label={
            attempt.status_code === null
              ? fill(words.noAnswer, { error: attempt.error ?? '' })
              : String(attempt.status_code)
          }
        />
      ),
      fit: true,
    },
    {
      key: 'duration',
      header: words.duration,
      cell: (attempt) => fill(words.ms, { ms: formatNumber(attempt.duration_ms, locale) }),
      fit: true,
      className: 'text-end',
    },
    {
      key: 'actions',
      header: words.actions,
      hideHeader: true,
      cell: (attempt) => (
        <RowActionButton
          label={`${words.redeliver}: ${labels.events[attempt.event as WebhookEvent] ?? attempt.event}, ${formatDateTime(attempt.attempted_at, locale, dates)}`}
          title={words.redeliver}
          icon={IconSend}
          disabled={sending !== null}
          onClick={() => void sendAgain(attempt)}
        />
      ),
      className: 'text-end',
      fit: true,
    },
  ];

  return (
    <Modal
      show={hook !== null}
      onHide={onHide}
      onKeyDown={keepTabInside}
      size="lg"
      centered
      scrollable
      aria-labelledby={`${id}-title`}
    >
      <Modal.Header closeButton closeLabel={words.close}>
        <Modal.Title id={`${id}-title`} as="h2" className="h5 text-break">
          {hook ? fill(words.deliveriesOf, { url: hook.url }) : words.deliveries}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {attempts.data.length > 0 && (
          <ListTable
            caption={words.deliveries}
            columns={columns}
            rows={attempts.data}
            sort="-time"
            onSort={() => {}}
            busy={attempts.loading}
            labels={labels.list}
          />
        )}
        <ListStatus
          count={attempts.data.length}
          loading={attempts.loading}
          error={attempts.error}
          filtered={false}
          labels={labels.list}
          emptyText={words.deliveriesEmpty}
          onRetry={load}
          onClearFilters={() => undefined}
        />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-primary" className="d-inline-flex align-items-center gap-1" onClick={load}>
          <IconRefresh size={18} aria-hidden="true" />
          <span>{words.refresh}</span>
        </Button>
        <Button variant="primary" onClick={onHide}>
          {words.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
