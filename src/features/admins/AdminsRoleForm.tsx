import * as z from 'zod/mini';
import EntityFormModal from '../../components/EntityFormModal';
import FormField from '../../components/FormField';
import { fill } from '../../lib/labels';
import { roleKey } from '../roles/role-input';
import type { AdminsAccess } from './admin-access';
import type { AdminRow } from './admin-input';
import { adminName, changeAdminRole } from './admins-api';
import type { AdminsPanelLabels } from './admins-labels';

const RoleChoice = z.object({ role: roleKey });

interface AdminsRoleFormProps {
  /** The admin whose role is being changed; null when the dialog is closed. */
  admin: AdminRow | null;
  access: AdminsAccess;
  labels: AdminsPanelLabels;
  onSaved: (saved: { admin: AdminRow; message: string }) => void;
  onHide: () => void;
}

/** "Change role": the roles this admin may give, the current one chosen; `changeadminrole` on save. */
export default function AdminsRoleForm({ admin, access, labels, onSaved, onHide }: AdminsRoleFormProps) {
  const words = labels.admins;
  const options = access.grantable.map((key) => ({ value: key, label: access.roleNames[key] ?? key }));
  return (
    <EntityFormModal
      show={admin !== null}
      title={admin ? fill(words.roleTitle, { name: adminName(admin) }) : ''}
      submitLabel={words.roleSave}
      schema={RoleChoice}
      labels={labels.form}
      validation={labels.validation}
      save={(data) => changeAdminRole(admin!.id, String(data.get('role')))}
      onSaved={onSaved}
      onHide={onHide}
    >
      {admin && (
        <FormField
          name="role"
          label={words.roleField}
          options={options}
          defaultValue={admin.role}
          hint={words.roleDialogHint}
        />
      )}
    </EntityFormModal>
  );
}
