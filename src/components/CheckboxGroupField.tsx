import { useState } from 'react';
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
  /**
   * What the ticked boxes bring with them: value → the note saying which box includes it
   * ("“Block users” includes “See users”"). Those boxes show ticked and locked, with the note,
   * until the box that brings them is unticked. Locked boxes are not sent: the server adds them.
   */
  implied?: (ticked: ReadonlySet<string>) => ReadonlyMap<string, string>;
}

/**
 * A set of checkboxes that is one form field: legend, hint, boxes (in groups, two columns from
 * `md` when there are several), and the field's error beneath, read out through `aria-describedby`.
 * Read with FormData on submit, like FormField; the ticks are followed only to show what they imply.
 */
export default function CheckboxGroupField(props: CheckboxGroupFieldProps) {
  const { name, legend, hint, groups } = props;
  const { id, error, errorId, invalid } = useFieldError(name);
  // What the person ticked themselves: a box they ticked stays ticked when what locked it goes.
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(props.checked));
  const implied = props.implied?.(chosen) ?? new Map<string, string>();
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', invalid ? errorId : ''].join(' ').trim() || undefined;

  function toggle(value: string, on: boolean) {
    setChosen((before) => {
      const after = new Set(before);
      if (on) after.add(value);
      else after.delete(value);
      return after;
    });
  }

  const boxes = (options: readonly CheckboxOption[]) =>
    options.map((option) => {
      const boxId = `${id}-${option.value}`;
      const note = implied.get(option.value);
      return (
        <div key={option.value} className="form-check">
          <input
            id={boxId}
            className={`form-check-input${invalid ? ' is-invalid' : ''}`}
            type="checkbox"
            name={name}
            value={option.value}
            checked={note !== undefined || chosen.has(option.value)}
            onChange={(event) => toggle(option.value, event.currentTarget.checked)}
            disabled={option.disabled || note !== undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={note ? `${boxId}-note` : undefined}
          />
          <label className="form-check-label" htmlFor={boxId}>
            {option.label}
          </label>
          {/* Its own direction: quoted names keep their quotes in place in a right-to-left layout. */}
          {note && (
            <div id={`${boxId}-note`} className="form-text mt-0" dir="auto">
              {note}
            </div>
          )}
        </div>
      );
    });
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
