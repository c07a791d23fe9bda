export interface ListFilterOption {
  value: string;
  label: string;
}

interface ListFilterProps {
  id: string;
  /** The filter's name for screen readers ("Filter by status"); sighted people read the options. */
  label: string;
  /** The first option, which filters nothing ("All statuses"). */
  allLabel: string;
  value: string;
  options: readonly ListFilterOption[];
  onChange: (value: string) => void;
}

/** A list's filter drop-down, for a list toolbar: empty value = no filter. */
export default function ListFilter({ id, label, allLabel, value, options, onChange }: ListFilterProps) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select
        id={id}
        className="form-select w-auto"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}
