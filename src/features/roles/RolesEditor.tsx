import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import ConfirmDialog, { type ConfirmLabels } from '../../components/ConfirmDialog';
import EntityFormModal, { type EntityFormLabels } from '../../components/EntityFormModal';
import CheckboxGroupField from '../../components/CheckboxGroupField';
import FormField from '../../components/FormField';
import type { I18nKey } from '../../i18n/keys';
import { api } from '../../lib/api-client';
import { describeFailure } from '../../lib/api-failure';
import type { ValidationLabels } from '../../lib/form-errors';
import { fill, type Labels } from '../../lib/labels';
import { ListEmpty } from '../../components/ListStatus';
import { flashCookie } from '../../shared/feedback/flash';
import { holdsAll, type Permission } from '../../shared/roles/permissions';
import { RoleNameInput, type RoleRow } from '../../shared/roles/role-input';
import {
  permissionsByArea,
  type permissionLabelKeys,
  type roleAreaLabelKeys,
  type rolesLabelKeys,
} from '../../shared/roles/roles-labels';
import { impliedPermissions } from './implied-permissions';

export interface RolesEditorLabels {
  roles: Labels<typeof rolesLabelKeys>;
  permissions: Labels<typeof permissionLabelKeys>;
  areas: Labels<typeof roleAreaLabelKeys>;
  form: EntityFormLabels;
  confirm: ConfirmLabels;
  validation: ValidationLabels;
}

interface RolesEditorProps {
  /** The custom roles; built-in ones are fixed. */
  roles: RoleRow[];
  /** The admin's own permissions: a role may hold only these (the server checks too). */
  held: Permission[];
  labels: RolesEditorLabels;
}

/** After a change the page is drawn again (the matrix is server HTML), with the message on arrival. */
function reloadWith(messageKey: I18nKey) {
  document.cookie = flashCookie(messageKey, 'success', { secure: window.location.protocol === 'https:' });
  window.location.reload();
}

/** "New role", and Edit / Delete for each custom role, above the Roles tab's matrix. */
export default function RolesEditor({ roles, held, labels }: RolesEditorProps) {
  const words = labels.roles;
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleRow | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const current = editing === 'new' ? null : editing;
  // Only roles wholly within the admin's own permissions: the server refuses to edit the others.
  const editable = roles.filter((role) => holdsAll(held, role.permissions));

  async function save(data: FormData) {
    const json = { key: current?.key, name: data.get('name'), permissions: data.getAll('permissions') };
    await api('/api/admin/saverole', { json });
  }

  async function remove() {
    try {
      await api('/api/admin/deleterole', { json: { key: deleting!.key } });
      reloadWith('roles.api.deleted');
    } catch (failure) {
      setDeleteError(describeFailure(failure, labels.form.unreachable).message);
      throw failure;
    }
  }

  return (
    <div className="mb-3">
      {roles.length === 0 ? (
        // No custom role yet: say what one is for, with the button that makes it.
        <ListEmpty text={words.empty} action={{ label: words.newRole, onClick: () => setEditing('new') }} />
      ) : (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            <IconPlus size={18} aria-hidden="true" />
            <span>{words.newRole}</span>
          </button>
          {editable.map((role) => (
            <div key={role.key} className="btn-group" role="group" aria-label={role.name}>
              <button
                type="button"
                className="btn btn-outline-primary"
                aria-label={fill(words.editRole, { name: role.name })}
                onClick={() => setEditing(role)}
              >
                <IconPencil size={16} aria-hidden="true" /> <span>{role.name}</span>
              </button>
              <button
                type="button"
                className="btn btn-outline-danger"
                aria-label={fill(words.deleteRole, { name: role.name })}
                title={fill(words.deleteRole, { name: role.name })}
                onClick={() => {
                  setDeleteError(null);
                  setDeleting(role);
                }}
              >
                <IconTrash size={16} aria-hidden="true" />
              </button>
            </div>
          ))}
        </div>
      )}
      <EntityFormModal
        show={editing !== null}
        title={current ? fill(words.editTitle, { name: current.name }) : words.newRole}
        submitLabel={words.save}
        schema={RoleNameInput}
        extraCheck={(data): Record<string, string> =>
          data.getAll('permissions').length ? {} : { permissions: words.nonePicked }
        }
        labels={labels.form}
        validation={labels.validation}
        save={save}
        onSaved={() => reloadWith('roles.done.saved')}
        onHide={() => setEditing(null)}
        size="lg"
      >
        <FormField name="name" label={words.name} defaultValue={current?.name} autoComplete="off" required />
        <CheckboxGroupField
          key={current?.key ?? 'new'}
          name="permissions"
          legend={words.permissions}
          hint={words.hint}
          groups={permissionsByArea().map((group) => ({
            label: labels.areas[group.area],
            options: group.permissions.map((permission) => ({
              value: permission,
              label: labels.permissions[permission],
              disabled: !held.includes(permission),
            })),
          }))}
          checked={current?.permissions ?? []}
          implied={(ticked) =>
            impliedPermissions(ticked, (by, permission) =>
              fill(words.includes, {
                by: labels.permissions[by],
                permission: labels.permissions[permission],
              }),
            )
          }
        />
      </EntityFormModal>
      <ConfirmDialog
        show={deleting !== null}
        title={fill(words.deleteTitle, { name: deleting?.name ?? '' })}
        message={words.deleteMessage}
        confirmLabel={words.deleteVerb}
        labels={labels.confirm}
        danger
        error={deleteError}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
