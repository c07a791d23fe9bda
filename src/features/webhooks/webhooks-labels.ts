import { confirmLabelKeys } from '../../components/ConfirmDialog';
import { entityFormLabelKeys } from '../../components/EntityFormModal';
import { listLabelKeys } from '../../components/list-labels';
import { validationLabelKeys } from '../../lib/form-errors';
import { translate, type T } from '../../lib/labels';
import type { WebhookEvent } from '../../shared/webhooks/webhook-input';

/** The webhooks section's own words; the kit's come from its components' key maps. */
export const webhooksLabelKeys = {
  title: 'webhooks.title',
  intro: 'webhooks.intro',
  add: 'webhooks.add',
  empty: 'webhooks.empty',
  url: 'webhooks.col.url',
  events: 'webhooks.col.events',
  state: 'webhooks.col.state',
  created: 'webhooks.col.created',
  actions: 'webhooks.col.actions',
  active: 'webhooks.state.active',
  failing: 'webhooks.state.failing',
  disabled: 'webhooks.state.disabled',
  deliveries: 'webhooks.deliveries',
  deliveriesOf: 'webhooks.deliveriesOf',
  delete: 'webhooks.delete',
  deleteOf: 'webhooks.deleteOf',
  confirmTitle: 'webhooks.confirm.title',
  confirmMessage: 'webhooks.confirm.message',
  formUrl: 'webhooks.form.url',
  formUrlHint: 'webhooks.form.urlHint',
  formEvents: 'webhooks.form.events',
  noEvent: 'webhooks.api.noEvent',
  deliveriesEmpty: 'webhooks.deliveries.empty',
  time: 'webhooks.deliveries.time',
  event: 'webhooks.deliveries.event',
  status: 'webhooks.deliveries.status',
  duration: 'webhooks.deliveries.duration',
  ms: 'webhooks.deliveries.ms',
  noAnswer: 'webhooks.deliveries.noAnswer',
  redeliver: 'webhooks.deliveries.redeliver',
  refresh: 'webhooks.deliveries.refresh',
  close: 'webhooks.deliveries.close',
} as const;

/** The signing secret's dialog, in the names the keys tab's dialog reads (ApiKeysSecretDialog). */
export const webhookSecretLabelKeys = {
  shownTitle: 'webhooks.secret.title',
  shownWarning: 'webhooks.secret.warning',
  shownLabel: 'webhooks.secret.label',
  copy: 'apiKeys.shown.copy',
  copied: 'webhooks.secret.copied',
  copyFailed: 'webhooks.secret.copyFailed',
  done: 'apiKeys.shown.done',
} as const;

/** Each event an endpoint may subscribe to, in words. */
export const webhookEventLabelKeys = {
  'user.banned': 'webhooks.event.user.banned',
  'user.unbanned': 'webhooks.event.user.unbanned',
  'user.erasure_scheduled': 'webhooks.event.user.erasure_scheduled',
  'user.erased': 'webhooks.event.user.erased',
  'notification.sent': 'webhooks.event.notification.sent',
} as const satisfies Record<WebhookEvent, string>;

/** Every word the webhooks island needs, translated on the server: one prop, no i18n in the bundle. */
export function webhooksPanelLabels(t: T) {
  return {
    hooks: translate(t, webhooksLabelKeys),
    secret: translate(t, webhookSecretLabelKeys),
    events: translate(t, webhookEventLabelKeys),
    list: translate(t, listLabelKeys),
    confirm: translate(t, confirmLabelKeys),
    form: translate(t, entityFormLabelKeys),
    validation: translate(t, validationLabelKeys),
  };
}

export type WebhooksPanelLabels = ReturnType<typeof webhooksPanelLabels>;
export type WebhookLabels = WebhooksPanelLabels['hooks'];
