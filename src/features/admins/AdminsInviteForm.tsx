import EntityFormModal, { type EntityFormLabels } from '../../components/EntityFormModal';
import FormField from '../../components/FormField';
import { InviteAdminInput } from '../../shared/admins/admin-input';
import type { AdminRow } from '../../shared/admins/admin-input';
import { inviteAdmin } from './admins-api';
import type { AdminsAccess } from '../../shared/admins/admin-access';
import { textFields, type ValidationLabels } from '../../lib/form-errors';
import type { Labels } from '../../lib/labels';

/** The invite dialog's words. */
export const adminsInviteLabelKeys = {
  title: 'admins.invite',
  hint: 'admins.form.hint',
  firstName: 'admins.form.firstName',
  lastName: 'admins.form.lastName',
  email: 'admins.form.email',
  role: 'admins.form.role',
  roleHint: 'admins.form.roleHint',
  send: 'admins.form.send',
} as const;

interface AdminsInviteFormProps {
  show: boolean;
  labels: Labels<typeof adminsInviteLabelKeys>;
  formLabels: EntityFormLabels;
  validation: ValidationLabels;
  access: AdminsAccess;
  onSent: (sent: { admin: AdminRow; message: string }) => void;
  onHide: () => void;
}

/** First name, last name, email and role → `inviteadmin`; a taken address comes back under `email`. */
export default function AdminsInviteForm(props: AdminsInviteFormProps) {
  const { show, labels: words, access, onSent, onHide } = props;
  const roles = access.grantable.map((key) => ({ value: key, label: access.roleNames[key] ?? key }));
  const preferred = access.grantable.includes('administrator') ? 'administrator' : access.grantable[0];
  return (
    <EntityFormModal
      show={show}
      title={words.title}
      submitLabel={words.send}
      schema={InviteAdminInput}
      labels={props.formLabels}
      validation={props.validation}
      save={(data) => inviteAdmin(InviteAdminInput.parse(textFields(data)))}
      onSaved={onSent}
      onHide={onHide}
    >
      <p className="text-body-secondary small">{words.hint}</p>
      <div className="row g-0 gap-sm-3 flex-sm-nowrap">
        <div className="col-sm">
          <FormField name="first_name" label={words.firstName} autoComplete="off" required />
        </div>
        <div className="col-sm">
          <FormField name="last_name" label={words.lastName} autoComplete="off" required />
        </div>
      </div>
      <FormField name="email" type="email" label={words.email} autoComplete="off" required />
      <FormField
        name="role"
        label={words.role}
        options={roles}
        defaultValue={preferred}
        hint={words.roleHint}
      />
    </EntityFormModal>
  );
}
