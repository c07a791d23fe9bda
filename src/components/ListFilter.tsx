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
  /**
   * The label shown above the drop-down, as in a filter form of several fields (the audit log);
   * a toolbar's lone filter keeps it for screen readers only.
   */
  showLabel?: boolean;
}

/** A list's filter drop-down, for a list toolbar or filter form: empty value = no filter. */
export default function ListFilter(props: ListFilterProps) {
  const { id, label, allLabel, value, options, onChange, showLabel = false } = props;
  const select = (
    <select
      id={id}
      className={showLabel ? 'form-select' : 'form-select w-auto'}
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
  );
  return showLabel ? (
    <div>
      <label htmlFor={id} className="form-label small mb-1">
        {label}
      </label>
      {select}
    </div>
  ) : (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      {select}
    </>
  );
}
