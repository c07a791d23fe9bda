import { useFieldError } from '../../components/form-errors-context';
import type { Permission } from './permissions';
import type { RolesEditorLabels } from './RolesEditor';
import { permissionsByArea } from './roles-labels';

interface RolePermissionFieldsProps {
  /** What the role holds now (ticked). */
  chosen: readonly Permission[];
  /** What the admin holds: only these can be given, the rest are shown but cannot be ticked. */
  held: readonly Permission[];
  labels: RolesEditorLabels;
}

/** The role form's permissions: one group of checkboxes per area; errors come on `permissions`. */
export default function RolePermissionFields({ chosen, held, labels }: RolePermissionFieldsProps) {
  const { id, error, errorId, invalid } = useFieldError('permissions');
  const hintId = `${id}-hint`;
  return (
    <fieldset className="mb-3" aria-describedby={[hintId, invalid ? errorId : ''].join(' ').trim()}>
      <legend className="form-label fs-6">{labels.roles.permissions}</legend>
      <div id={hintId} className="form-text mt-0 mb-2">
        {labels.roles.hint}
      </div>
      <div className="row row-cols-1 row-cols-md-2 g-3">
        {permissionsByArea().map((group) => (
          <div key={group.area} className="col">
            <fieldset>
              <legend className="small fw-semibold text-uppercase mb-1">{labels.areas[group.area]}</legend>
              {group.permissions.map((permission) => (
                <div key={permission} className="form-check">
                  <input
                    id={`${id}-${permission}`}
                    className={`form-check-input${invalid ? ' is-invalid' : ''}`}
                    type="checkbox"
                    name="permissions"
                    value={permission}
                    defaultChecked={chosen.includes(permission)}
                    disabled={!held.includes(permission)}
                    aria-invalid={invalid || undefined}
                  />
                  <label className="form-check-label" htmlFor={`${id}-${permission}`}>
                    {labels.permissions[permission]}
                  </label>
                </div>
              ))}
            </fieldset>
          </div>
        ))}
      </div>
      {invalid && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
