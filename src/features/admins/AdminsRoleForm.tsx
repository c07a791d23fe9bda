import * as z from 'zod/mini';
import EntityFormModal, { type EntityFormLabels } from '../../components/EntityFormModal';
import FormField from '../../components/FormField';
import type { ValidationLabels } from '../../lib/form-errors';
import { fill, type Labels } from '../../lib/labels';
import { roleKey } from '../roles/role-input';
import type { AdminsAccess } from './admin-access';
import type { AdminRow } from './admin-input';
import { adminName, changeAdminRole } from './admins-api';

const RoleChoice = z.object({ role: roleKey });

/** The "Change role" dialog's words. */
export const adminsRoleLabelKeys = {
  title: 'admins.roleDialog.title',
  role: 'admins.form.role',
  hint: 'admins.roleDialog.hint',
  save: 'admins.roleDialog.save',
} as const;

interface AdminsRoleFormProps {
  /** The admin whose role is being changed; null when the dialog is closed. */
  admin: AdminRow | null;
  access: AdminsAccess;
  labels: Labels<typeof adminsRoleLabelKeys>;
  formLabels: EntityFormLabels;
  validation: ValidationLabels;
  onSaved: (saved: { admin: AdminRow; message: string }) => void;
  onHide: () => void;
}

/** "Change role": the roles this admin may give, the current one chosen; `changeadminrole` on save. */
export default function AdminsRoleForm(props: AdminsRoleFormProps) {
  const { admin, access, labels: words, onSaved, onHide } = props;
  const options = access.grantable.map((key) => ({ value: key, label: access.roleNames[key] ?? key }));
  return (
    <EntityFormModal
      show={admin !== null}
      title={admin ? fill(words.title, { name: adminName(admin) }) : ''}
      submitLabel={words.save}
      schema={RoleChoice}
      labels={props.formLabels}
      validation={props.validation}
      save={(data) => changeAdminRole(admin!.id, String(data.get('role')))}
      onSaved={onSaved}
      onHide={onHide}
    >
      {admin && (
        <FormField
          name="role"
          label={words.role}
          options={options}
          defaultValue={admin.role}
          hint={words.hint}
        />
      )}
    </EntityFormModal>
  );
}
