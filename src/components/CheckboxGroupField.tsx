import { useFieldError } from './form-errors-context';

export interface CheckboxOption {
  value: string;
  label: string;
  /** Shown but not tickable (a permission the admin does not hold themselves). */
  disabled?: boolean;
}

interface CheckboxGroupFieldProps {
  /** The form field: each ticked box sends one value under it (`FormData.getAll(name)`). */
  name: string;
  legend: string;
  hint?: string;
  /** One group, or several under their own small headings (a role's permissions by area). */
  groups: readonly { label?: string; options: readonly CheckboxOption[] }[];
  /** What is ticked to start with. */
  checked: readonly string[];
}

/**
 * A set of checkboxes that is one form field: legend, hint, boxes (in groups, two columns from
 * `md` when there are several), and the field's error beneath, read out through `aria-describedby`.
 * Uncontrolled, like FormField: the form reads it with FormData on submit.
 */
export default function CheckboxGroupField({ name, legend, hint, groups, checked }: CheckboxGroupFieldProps) {
  const { id, error, errorId, invalid } = useFieldError(name);
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', invalid ? errorId : ''].join(' ').trim() || undefined;
  const boxes = (options: readonly CheckboxOption[]) =>
    options.map((option) => (
      <div key={option.value} className="form-check">
        <input
          id={`${id}-${option.value}`}
          className={`form-check-input${invalid ? ' is-invalid' : ''}`}
          type="checkbox"
          name={name}
          value={option.value}
          defaultChecked={checked.includes(option.value)}
          disabled={option.disabled}
          aria-invalid={invalid || undefined}
        />
        <label className="form-check-label" htmlFor={`${id}-${option.value}`}>
          {option.label}
        </label>
      </div>
    ));
  return (
    <fieldset className="mb-3" aria-describedby={describedBy}>
      <legend className="form-label fs-6">{legend}</legend>
      {hint && (
        <div id={hintId} className="form-text mt-0 mb-2">
          {hint}
        </div>
      )}
      {groups.length === 1 ? (
        boxes(groups[0]!.options)
      ) : (
        <div className="row row-cols-1 row-cols-md-2 g-3">
          {groups.map((group, index) => (
            <fieldset key={group.label ?? index} className="col">
              {group.label && (
                <legend className="small fw-semibold text-uppercase mb-1">{group.label}</legend>
              )}
              {boxes(group.options)}
            </fieldset>
          ))}
        </div>
      )}
      {invalid && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
