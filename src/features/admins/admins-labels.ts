import { confirmLabelKeys } from '../../components/ConfirmDialog';
import { entityFormLabelKeys } from '../../components/EntityFormModal';
import { listLabelKeys } from '../../components/list-labels';
import { validationLabelKeys } from '../../lib/form-errors';
import { translate } from '../../lib/labels';

/** The Administrators section's own words; the kit's come from its components' key maps. */
export const adminsLabelKeys = {
  caption: 'admins.caption',
  search: 'admins.search',
  name: 'admins.col.name',
  email: 'admins.col.email',
  status: 'admins.col.status',
  lastSeen: 'admins.col.lastSeen',
  actions: 'admins.col.actions',
  active: 'admins.status.active',
  invited: 'admins.status.invited',
  disabled: 'admins.status.disabled',
  you: 'admins.you',
  never: 'admins.never',
  invitedBy: 'admins.invitedBy',
  linkExpires: 'admins.linkExpires',
  linkExpired: 'admins.linkExpired',
  noLink: 'admins.noLink',
  invite: 'admins.invite',
  firstName: 'admins.form.firstName',
  lastName: 'admins.form.lastName',
  emailField: 'admins.form.email',
  formHint: 'admins.form.hint',
  send: 'admins.form.send',
  disable: 'admins.disable',
  enable: 'admins.enable',
  resend: 'admins.resend',
  disableTitle: 'admins.confirm.disableTitle',
  disableMessage: 'admins.confirm.disableMessage',
  disableVerb: 'admins.confirm.disable',
  enableTitle: 'admins.confirm.enableTitle',
  enableMessage: 'admins.confirm.enableMessage',
  enableVerb: 'admins.confirm.enable',
  role: 'admins.col.role',
  roleField: 'admins.form.role',
  roleHint: 'admins.form.roleHint',
  changeRole: 'admins.changeRole',
  history: 'admins.history',
  roleTitle: 'admins.roleDialog.title',
  roleDialogHint: 'admins.roleDialog.hint',
  roleSave: 'admins.roleDialog.save',
} as const;

/** Every word the admins island needs, translated on the server: one prop, no i18n in the bundle. */
export function adminsPanelLabels(t: (key: string) => string) {
  return {
    admins: translate(t, adminsLabelKeys),
    list: translate(t, listLabelKeys),
    confirm: translate(t, confirmLabelKeys),
    form: translate(t, entityFormLabelKeys),
    validation: translate(t, validationLabelKeys),
  };
}

export type AdminsPanelLabels = ReturnType<typeof adminsPanelLabels>;
export type AdminLabels = AdminsPanelLabels['admins'];
