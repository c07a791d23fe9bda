import * as z from 'zod/mini';
import EntityFormModal, { type EntityFormLabels } from '../../components/EntityFormModal';
import FormField from '../../components/FormField';
import type { ValidationLabels } from '../../lib/form-errors';
import { fill, type Labels } from '../../lib/labels';
import { roleKey } from '../../shared/roles/role-input';
import type { AdminsAccess } from '../../shared/admins/admin-access';
import type { AdminRow } from '../../shared/admins/admin-input';
import { adminName, approveAdmin, changeAdminRole } from './admins-api';

const RoleChoice = z.object({ role: roleKey });

/** The "Change role" dialog's words, and the same dialog's as "Approve" for a registered admin. */
export const adminsRoleLabelKeys = {
  title: 'admins.roleDialog.title',
  role: 'admins.form.role',
  hint: 'admins.roleDialog.hint',
  save: 'admins.roleDialog.save',
  approveTitle: 'admins.approveDialog.title',
  approveHint: 'admins.approveDialog.hint',
  approve: 'admins.approveDialog.save',
} as const;

interface AdminsRoleFormProps {
  /** The admin whose role is being changed; null when the dialog is closed. */
  admin: AdminRow | null;
  /** An Owner approving a registered admin: the role chosen is the one they start with. */
  approving?: boolean;
  access: AdminsAccess;
  labels: Labels<typeof adminsRoleLabelKeys>;
  formLabels: EntityFormLabels;
  validation: ValidationLabels;
  onSaved: (saved: { admin: AdminRow; message: string }) => void;
  onHide: () => void;
}

/**
 * "Change role": the roles this admin may give, the current one chosen; `changeadminrole` on save.
 * Approving a registered admin asks the same question (their role so far, the least, chosen) and
 * saves with `approveadmin`.
 */
export default function AdminsRoleForm(props: AdminsRoleFormProps) {
  const { admin, access, labels: words, onSaved, onHide, approving = false } = props;
  const options = access.grantable.map((key) => ({ value: key, label: access.roleNames[key] ?? key }));
  const save = approving ? approveAdmin : changeAdminRole;
  return (
    <EntityFormModal
      show={admin !== null}
      title={admin ? fill(approving ? words.approveTitle : words.title, { name: adminName(admin) }) : ''}
      submitLabel={approving ? words.approve : words.save}
      schema={RoleChoice}
      labels={props.formLabels}
      validation={props.validation}
      save={(data) => save(admin!.id, String(data.get('role')))}
      onSaved={onSaved}
      onHide={onHide}
    >
      {admin && (
        <FormField
          name="role"
          label={words.role}
          options={options}
          defaultValue={admin.role}
          hint={approving ? words.approveHint : words.hint}
        />
      )}
    </EntityFormModal>
  );
}
