import { confirmLabelKeys } from '../../components/ConfirmDialog';
import { translate, type T } from '../../lib/labels';

/** The privacy panel's words (export and erasure of one player's data). */
export const privacyLabelKeys = {
  title: 'privacy.title',
  intro: 'privacy.intro',
  export: 'privacy.export',
  erase: 'privacy.erase',
  confirmTitle: 'privacy.confirm.title',
  confirmMessage: 'privacy.confirm.message',
  confirmAction: 'privacy.confirm.action',
  keep: 'privacy.confirm.keep',
  scheduled: 'privacy.scheduled',
  due: 'privacy.due',
  cancel: 'privacy.cancel',
  erased: 'privacy.erased',
  unreachable: 'api.error.unreachable',
} as const;

/** Every word the panel needs, translated on the server, and how long an erasure waits. */
export function privacyPanelLabels(t: T) {
  return { privacy: translate(t, privacyLabelKeys), confirm: translate(t, confirmLabelKeys) };
}
export type PrivacyPanelLabels = ReturnType<typeof privacyPanelLabels>;
