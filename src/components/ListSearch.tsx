import { IconSearch } from '@tabler/icons-react';

interface ListSearchProps {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
}

/** The list's search box; the list hook debounces what it types into a request. */
export default function ListSearch({ id, label, value, onChange }: ListSearchProps) {
  return (
    <div className="app-list-search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <IconSearch className="app-list-search-icon" size={18} aria-hidden="true" />
      <input
        id={id}
        type="search"
        className="form-control"
        placeholder={label}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}
