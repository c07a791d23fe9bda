import type { ReactNode } from 'react';
import { useFieldError } from './form-errors-context';

interface FormFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'url';
  defaultValue?: string | null;
  autoComplete?: string;
  required?: boolean;
  /** Shown for reference, not sent as a change (an admin's own email). */
  readOnly?: boolean;
  /** With options, a `<select>`: value → label. */
  options?: readonly { value: string; label: string }[];
  hint?: ReactNode;
}

/**
 * A labelled input (or select) whose error, from the browser's check or the server's `errors`,
 * shows beneath it with `is-invalid` and is read out through `aria-describedby`.
 * Uncontrolled: the form reads every field with FormData on submit.
 */
export default function FormField({ name, label, type = 'text', options, hint, ...rest }: FormFieldProps) {
  const { id, error, errorId, invalid } = useFieldError(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, invalid ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    required: rest.required,
    defaultValue: rest.defaultValue ?? undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {options ? (
        <select {...common} className={`form-select${invalid ? ' is-invalid' : ''}`}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={rest.autoComplete}
          readOnly={rest.readOnly}
          // An address reads left to right in any layout.
          dir={type === 'url' ? 'ltr' : undefined}
          // Read-only reads as text, not as a box that refuses typing.
          className={rest.readOnly ? 'form-control-plaintext' : `form-control${invalid ? ' is-invalid' : ''}`}
        />
      )}
      {hint && (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      )}
      {invalid && (
        <div id={errorId} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}
