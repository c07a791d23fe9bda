import * as z from 'zod/mini';
import CheckboxGroupField from '../../components/CheckboxGroupField';
import EntityFormModal from '../../components/EntityFormModal';
import FormField from '../../components/FormField';
import { WEBHOOK_EVENTS, WebhookCreateInput, type WebhookCreated } from '../../shared/webhooks/webhook-input';
import { addWebhook } from './webhooks-api';
import type { WebhooksPanelLabels } from './webhooks-labels';

interface WebhookFormProps {
  show: boolean;
  labels: WebhooksPanelLabels;
  onAdded: (saved: { created: WebhookCreated; message: string }) => void;
  onHide: () => void;
}

/** The URL is checked for its shape here; where it leads, by the server (400 on `url`). */
const UrlInput = z.pick(WebhookCreateInput, { url: true });

/** "Add webhook": the endpoint's URL and the events it hears, every one ticked to start with. */
export default function WebhookForm({ show, labels, onAdded, onHide }: WebhookFormProps) {
  const words = labels.hooks;
  return (
    <EntityFormModal
      show={show}
      title={words.add}
      submitLabel={words.add}
      schema={UrlInput}
      extraCheck={(data): Record<string, string> =>
        data.getAll('events').length ? {} : { events: words.noEvent }
      }
      labels={labels.form}
      validation={labels.validation}
      save={addWebhook}
      onSaved={onAdded}
      onHide={onHide}
    >
      <FormField
        name="url"
        type="url"
        label={words.formUrl}
        autoComplete="off"
        required
        hint={words.formUrlHint}
      />
      <CheckboxGroupField
        name="events"
        legend={words.formEvents}
        groups={[{ options: WEBHOOK_EVENTS.map((event) => ({ value: event, label: labels.events[event] })) }]}
        checked={WEBHOOK_EVENTS}
      />
    </EntityFormModal>
  );
}
