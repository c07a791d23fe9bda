import EntityFormModal from '../../components/EntityFormModal';
import FormField from '../../components/FormField';
import ImageField from '../../components/ImageField';
import { UpdateUserInput, USER_STATUSES, UserInput, type UserRow } from '../../shared/users/user-input';
import { saveUser } from './users-api';
import type { UsersScreenLabels } from './users-labels';

interface UserFormProps {
  show: boolean;
  /** The user to edit; null adds one. */
  user: UserRow | null;
  labels: UsersScreenLabels;
  onSaved: (saved: { user: UserRow; message: string }) => void;
  onHide: () => void;
}

/** Add and Edit share this form; it posts multipart to `adduser` or `updateuser`. */
export default function UserForm({ show, user, labels, onSaved, onHide }: UserFormProps) {
  const words = labels.users;
  return (
    <EntityFormModal
      // A fresh form per user: the fields are uncontrolled and start from these defaults.
      key={user?.id ?? 'new'}
      show={show}
      title={user ? words.editTitle : words.add}
      submitLabel={user ? words.save : words.add}
      schema={user ? UpdateUserInput : UserInput}
      labels={labels.form}
      validation={labels.validation}
      save={saveUser}
      onSaved={onSaved}
      onHide={onHide}
    >
      {user && <input type="hidden" name="id" value={user.id} />}
      <div className="row g-0 gap-sm-3 flex-sm-nowrap">
        <div className="col-sm">
          <FormField
            name="first_name"
            label={words.firstName}
            autoComplete="off"
            defaultValue={user?.first_name}
            required
          />
        </div>
        <div className="col-sm">
          <FormField
            name="last_name"
            label={words.lastName}
            autoComplete="off"
            defaultValue={user?.last_name}
            required
          />
        </div>
      </div>
      <FormField
        name="email"
        type="email"
        label={words.emailField}
        autoComplete="off"
        defaultValue={user?.email}
        required
      />
      <FormField
        name="phone"
        type="tel"
        label={words.phoneField}
        autoComplete="off"
        defaultValue={user?.phone}
      />
      <FormField
        name="status"
        label={words.statusField}
        defaultValue={user?.status ?? 'active'}
        options={USER_STATUSES.map((status) => ({ value: status, label: words[status] }))}
      />
      <ImageField
        name="profile"
        removeName="remove_profile"
        label={words.avatarField}
        current={user?.profile}
        labels={labels.image}
      />
    </EntityFormModal>
  );
}
