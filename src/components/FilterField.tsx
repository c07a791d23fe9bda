import type { ComponentProps } from 'react';

interface FilterFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'onChange' | 'className'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A message naming what is wrong with this field, shown under it and read with it. */
  error?: string;
}

/** One labelled input of a filter form applied together (days, an id): the label above it. */
export default function FilterField({ id, label, onChange, error, ...input }: FilterFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="form-label small mb-1">
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
