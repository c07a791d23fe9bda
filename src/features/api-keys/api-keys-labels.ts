import { confirmLabelKeys } from '../../components/ConfirmDialog';
import { entityFormLabelKeys } from '../../components/EntityFormModal';
import { listLabelKeys } from '../../components/list-labels';
import { validationLabelKeys } from '../../lib/form-errors';
import { translate, type T } from '../../lib/labels';
import type { ApiKeyScope } from '../../shared/roles/permissions';
import { permissionLabelKeys } from '../../shared/roles/roles-labels';

/** The keys tab's own words; the kit's come from its components' key maps. */
export const apiKeysLabelKeys = {
  intro: 'apiKeys.intro',
  caption: 'apiKeys.caption',
  empty: 'apiKeys.empty',
  emptyCreate: 'apiKeys.emptyCreate',
  search: 'apiKeys.search',
  create: 'apiKeys.create',
  name: 'apiKeys.col.name',
  prefix: 'apiKeys.col.prefix',
  creator: 'apiKeys.col.creator',
  created: 'apiKeys.col.created',
  lastUsed: 'apiKeys.col.lastUsed',
  state: 'apiKeys.col.state',
  actions: 'apiKeys.col.actions',
  never: 'apiKeys.never',
  formerAdmin: 'apiKeys.formerAdmin',
  active: 'apiKeys.state.active',
  revoked: 'apiKeys.state.revoked',
  revoke: 'apiKeys.revoke',
  revokeKey: 'apiKeys.revokeKey',
  formTitle: 'apiKeys.form.title',
  formName: 'apiKeys.form.name',
  formNameHint: 'apiKeys.form.nameHint',
  shownTitle: 'apiKeys.shown.title',
  shownWarning: 'apiKeys.shown.warning',
  shownLabel: 'apiKeys.shown.label',
  copy: 'apiKeys.shown.copy',
  copied: 'apiKeys.shown.copied',
  copyFailed: 'apiKeys.shown.copyFailed',
  done: 'apiKeys.shown.done',
  confirmTitle: 'apiKeys.confirm.title',
  confirmMessage: 'apiKeys.confirm.message',
  revokedDone: 'apiKeys.done.revoked',
  scopes: 'apiKeys.form.scopes',
  scopesHint: 'apiKeys.form.scopesHint',
  scopesBeyond: 'apiKeys.form.scopesBeyond',
  scopeNeeds: 'apiKeys.form.scopeNeeds',
  scopesOf: 'apiKeys.scopesOf',
  scopesAll: 'apiKeys.scopesAll',
  noScope: 'apiKeys.api.noScope',
} as const;

/** Each scope a key may be given, in words. */
export const apiKeyScopeLabelKeys = {
  'users.read': 'apiKeys.scope.users.read',
  'users.write': 'apiKeys.scope.users.write',
  'games.write': 'apiKeys.scope.games.write',
  'support.write': 'apiKeys.scope.support.write',
  'notifications.read': 'apiKeys.scope.notifications.read',
  'puzzles.read': 'apiKeys.scope.puzzles.read',
} as const satisfies Record<ApiKeyScope, string>;

/** Every word the keys island needs, translated on the server: one prop, no i18n in the bundle. */
export function apiKeysPanelLabels(t: T) {
  return {
    keys: translate(t, apiKeysLabelKeys),
    scopes: translate(t, apiKeyScopeLabelKeys),
    permissions: translate(t, permissionLabelKeys),
    list: translate(t, listLabelKeys),
    confirm: translate(t, confirmLabelKeys),
    form: translate(t, entityFormLabelKeys),
    validation: translate(t, validationLabelKeys),
  };
}

export type ApiKeysPanelLabels = ReturnType<typeof apiKeysPanelLabels>;
export type ApiKeyLabels = ApiKeysPanelLabels['keys'];
