import { IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import ConfirmDialog from '../../components/ConfirmDialog';
import ListStatus from '../../components/ListStatus';
import { useDateOptions } from '../../components/use-date-options';
import { useLatestRequest } from '../../components/use-latest-request';
import type { Locale } from '../../i18n/locales';
import { describeFailure } from '../../lib/api-failure';
import { fill } from '../../lib/labels';
import { showSnackbar } from '../../stores/snackbar';
import type { WebhookRow } from '../../shared/webhooks/webhook-input';
import ApiKeysSecretDialog from '../api-keys/ApiKeysSecretDialog';
import WebhookDeliveries from './WebhookDeliveries';
import WebhookForm from './WebhookForm';
import WebhooksTable from './WebhooksTable';
import { deleteWebhook, fetchWebhooks } from './webhooks-api';
import type { WebhooksPanelLabels } from './webhooks-labels';

export interface WebhooksPanelProps {
  initial: WebhookRow[];
  locale: Locale;
  labels: WebhooksPanelLabels;
}

/**
 * The keys tab's webhooks: the endpoints, "Add webhook" (then its signing secret, shown once),
 * each one's deliveries, and delete with a confirmation.
 */
export default function WebhooksPanel({ initial, locale, labels }: WebhooksPanelProps) {
  const words = labels.hooks;
  const hooks = useLatestRequest<WebhookRow[]>(initial);
  const dates = useDateOptions();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [watching, setWatching] = useState<WebhookRow | null>(null);
  const [deleting, setDeleting] = useState<WebhookRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The words stay those of the last question while the dialog fades out.
  const asked = useRef(deleting);
  if (deleting) asked.current = deleting;
  const reload = () => void hooks.run((signal) => fetchWebhooks(signal));

  async function remove() {
    if (!deleting) return;
    try {
      showSnackbar({ message: await deleteWebhook(deleting.id), severity: 'success' });
      setDeleting(null);
      setError(null);
      reload();
    } catch (failure) {
      setError(describeFailure(failure, labels.list.unreachable).message);
      throw failure;
    }
  }

  return (
    <section className="app-list mt-5" aria-labelledby="webhooks-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h3 className="h5 mb-0 me-auto" id="webhooks-title">
          {words.title}
        </h3>
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
          <IconPlus size={18} aria-hidden="true" />
          <span>{words.add}</span>
        </button>
      </div>
      <p className="text-body-secondary">{words.intro}</p>
      {hooks.data.length > 0 && (
        <WebhooksTable
          rows={hooks.data}
          busy={hooks.loading}
          locale={locale}
          dates={dates}
          labels={words}
          eventLabels={labels.events}
          listLabels={labels.list}
          onDeliveries={setWatching}
          onDelete={setDeleting}
        />
      )}
      <ListStatus
        count={hooks.data.length}
        loading={hooks.loading}
        error={hooks.error}
        filtered={false}
        labels={labels.list}
        emptyAction={{ text: words.empty, label: words.add, onClick: () => setAdding(true) }}
        onRetry={reload}
        onClearFilters={() => undefined}
      />
      <WebhookForm
        show={adding}
        labels={labels}
        onHide={() => setAdding(false)}
        onAdded={(saved) => {
          setAdding(false);
          setSecret(saved.created.secret);
          showSnackbar({ message: saved.message, severity: 'success' });
          reload();
        }}
      />
      <ApiKeysSecretDialog secret={secret} labels={labels.secret} onDone={() => setSecret(null)} />
      <WebhookDeliveries hook={watching} locale={locale} labels={labels} onHide={() => setWatching(null)} />
      <ConfirmDialog
        show={deleting !== null}
        title={words.confirmTitle}
        message={fill(words.confirmMessage, { url: asked.current?.url ?? '' })}
        confirmLabel={words.delete}
        labels={labels.confirm}
        danger
        error={error}
        onConfirm={remove}
        onCancel={() => {
          setDeleting(null);
          setError(null);
        }}
      />
    </section>
  );
}
