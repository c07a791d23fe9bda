interface FilterSwitchProps {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A list filter that is on or off ("Assigned to me"), drawn as a switch beside the toolbar's selects. */
export default function FilterSwitch({ id, label, checked, onChange }: FilterSwitchProps) {
  return (
    <div className="form-check form-switch d-flex align-items-center gap-2 mb-0">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="form-check-input"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
    </div>
  );
}
