import type { ComponentProps } from 'react';

interface FilterFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'onChange' | 'className'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** One labelled input of a filter form applied together (days, an id): the label above it. */
export default function FilterField({ id, label, onChange, ...input }: FilterFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="form-label small mb-1">
        {label}
      </label>
      <input
        {...input}
        id={id}
        className="form-control"
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}
