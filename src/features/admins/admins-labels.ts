import { confirmLabelKeys } from '../../components/ConfirmDialog';
import { entityFormLabelKeys } from '../../components/EntityFormModal';
import { listLabelKeys } from '../../components/list-labels';
import { validationLabelKeys } from '../../lib/form-errors';
import { translate, type T } from '../../lib/labels';
import { adminsInviteLabelKeys } from './AdminsInviteForm';
import { adminsLabelKeys } from './AdminsPanel';
import { adminsRoleLabelKeys } from './AdminsRoleForm';
import { adminStatusLabelKeys } from './AdminsStatusBadge';
import { adminsTableLabelKeys } from './AdminsTable';
import { adminsStatusConfirmLabelKeys } from './use-admin-actions';
import { adminsRejectConfirmLabelKeys } from './use-reject-action';

/**
 * Every word the admins island needs, translated on the server: one prop, no i18n in the bundle.
 * Each widget's key map stands beside it and each widget is handed only its own.
 */
export function adminsPanelLabels(t: T) {
  return {
    admins: translate(t, adminsLabelKeys),
    table: translate(t, adminsTableLabelKeys),
    status: translate(t, adminStatusLabelKeys),
    statusConfirm: translate(t, adminsStatusConfirmLabelKeys),
    rejectConfirm: translate(t, adminsRejectConfirmLabelKeys),
    invite: translate(t, adminsInviteLabelKeys),
    role: translate(t, adminsRoleLabelKeys),
    list: translate(t, listLabelKeys),
    confirm: translate(t, confirmLabelKeys),
    form: translate(t, entityFormLabelKeys),
    validation: translate(t, validationLabelKeys),
  };
}

export type AdminsPanelLabels = ReturnType<typeof adminsPanelLabels>;
