import EntityFormModal from '../../components/EntityFormModal';
import FormField from '../../components/FormField';
import { InviteAdminInput, type AdminRow } from './admin-input';
import { inviteAdmin } from './admins-api';
import type { AdminsAccess } from './admin-access';
import type { AdminsPanelLabels } from './admins-labels';
import { textFields } from '../../lib/form-errors';

interface AdminsInviteFormProps {
  show: boolean;
  labels: AdminsPanelLabels;
  access: AdminsAccess;
  onSent: (sent: { admin: AdminRow; message: string }) => void;
  onHide: () => void;
}

/** First name, last name, email and role → `inviteadmin`; a taken address comes back under `email`. */
export default function AdminsInviteForm({ show, labels, access, onSent, onHide }: AdminsInviteFormProps) {
  const words = labels.admins;
  const roles = access.grantable.map((key) => ({ value: key, label: access.roleNames[key] ?? key }));
  const preferred = access.grantable.includes('administrator') ? 'administrator' : access.grantable[0];
  return (
    <EntityFormModal
      show={show}
      title={words.invite}
      submitLabel={words.send}
      schema={InviteAdminInput}
      labels={labels.form}
      validation={labels.validation}
      save={(data) => inviteAdmin(InviteAdminInput.parse(textFields(data)))}
      onSaved={onSent}
      onHide={onHide}
    >
      <p className="text-body-secondary small">{words.formHint}</p>
      <div className="row g-0 gap-sm-3 flex-sm-nowrap">
        <div className="col-sm">
          <FormField name="first_name" label={words.firstName} autoComplete="off" required />
        </div>
        <div className="col-sm">
          <FormField name="last_name" label={words.lastName} autoComplete="off" required />
        </div>
      </div>
      <FormField name="email" type="email" label={words.emailField} autoComplete="off" required />
      <FormField
        name="role"
        label={words.roleField}
        options={roles}
        defaultValue={preferred}
        hint={words.roleHint}
      />
    </EntityFormModal>
  );
}
