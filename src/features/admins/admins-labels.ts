import { confirmLabelKeys } from '../../components/ConfirmDialog';
import { entityFormLabelKeys } from '../../components/EntityFormModal';
import { listLabelKeys } from '../../components/list-labels';
import { validationLabelKeys } from '../../lib/form-errors';
import { translate, type Labels, type T } from '../../lib/labels';
import { adminsInviteLabelKeys } from './AdminsInviteForm';
import { adminsRoleLabelKeys } from './AdminsRoleForm';
import { adminStatusLabelKeys } from './AdminsStatusBadge';

/** The toolbar's words and each row's actions (the history dialog's title among them). */
export const adminsLabelKeys = {
  search: 'admins.search',
  invite: 'admins.invite',
  changeRole: 'admins.changeRole',
  history: 'admins.history',
  resend: 'admins.resend',
  disable: 'admins.disable',
  enable: 'admins.enable',
  approve: 'admins.approve',
  reject: 'admins.reject',
  resetMfa: 'admins.resetMfa',
} as const;

export type AdminsActionLabels = Labels<typeof adminsLabelKeys>;

/** The table's captions, headers and cell words; the row actions' words come from the panel. */
export const adminsTableLabelKeys = {
  caption: 'admins.caption',
  name: 'admins.col.name',
  email: 'admins.col.email',
  role: 'admins.col.role',
  status: 'admins.col.status',
  lastSeen: 'admins.col.lastSeen',
  actions: 'admins.col.actions',
  you: 'admins.you',
  never: 'admins.never',
  invitedBy: 'admins.invitedBy',
  linkExpires: 'admins.linkExpires',
  linkExpired: 'admins.linkExpired',
  noLink: 'admins.noLink',
  registered: 'admins.registered',
  noRoleYet: 'admins.noRoleYet',
  mfaPasskey: 'admins.mfa.passkey',
  mfaTotp: 'admins.mfa.totp',
  mfaNone: 'admins.mfa.none',
} as const;

/** The Owner's "Reset second factors" question's words. */
export const adminsMfaResetLabelKeys = {
  title: 'admins.confirm.mfaResetTitle',
  message: 'admins.confirm.mfaResetMessage',
  reset: 'admins.confirm.mfaReset',
} as const;

/** The disable / re-enable question's words. */
export const adminsStatusConfirmLabelKeys = {
  disableTitle: 'admins.confirm.disableTitle',
  disableMessage: 'admins.confirm.disableMessage',
  disable: 'admins.confirm.disable',
  enableTitle: 'admins.confirm.enableTitle',
  enableMessage: 'admins.confirm.enableMessage',
  enable: 'admins.confirm.enable',
} as const;

/** The "Reject registration" question's words. */
export const adminsRejectConfirmLabelKeys = {
  title: 'admins.confirm.rejectTitle',
  message: 'admins.confirm.rejectMessage',
  reject: 'admins.confirm.reject',
} as const;

/**
 * Every word the admins island needs, translated on the server: one prop, no i18n in the bundle.
 * Each widget is handed only its own. A leaf widget's key map stands beside it; those of the panel
 * and of the widgets that take a part of these labels are above, so that no widget imports this
 * file while this file imports the widget (an import cycle).
 */
export function adminsPanelLabels(t: T) {
  return {
    admins: translate(t, adminsLabelKeys),
    table: translate(t, adminsTableLabelKeys),
    status: translate(t, adminStatusLabelKeys),
    statusConfirm: translate(t, adminsStatusConfirmLabelKeys),
    rejectConfirm: translate(t, adminsRejectConfirmLabelKeys),
    mfaReset: translate(t, adminsMfaResetLabelKeys),
    invite: translate(t, adminsInviteLabelKeys),
    role: translate(t, adminsRoleLabelKeys),
    list: translate(t, listLabelKeys),
    confirm: translate(t, confirmLabelKeys),
    form: translate(t, entityFormLabelKeys),
    validation: translate(t, validationLabelKeys),
  };
}

export type AdminsPanelLabels = ReturnType<typeof adminsPanelLabels>;
