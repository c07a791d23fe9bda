import type { TablerIcon } from '@tabler/icons-react';

interface RowActionButtonProps {
  /** What the button does to this row, in words: its accessible name ("Edit Ada Lovelace"). */
  label: string;
  /** The hover tip, when shorter than the label ("Edit"); the label otherwise. */
  title?: string;
  icon: TablerIcon;
  onClick: () => void;
  disabled?: boolean;
}

/** One icon button of a list row's actions (`rowActions` in ListTable.tsx lines them up). */
export default function RowActionButton({
  label,
  title = label,
  icon: Icon,
  onClick,
  disabled,
}: RowActionButtonProps) {
  return (
    <button
      type="button"
      className="btn btn-sm app-icon-btn"
      aria-label={label}
      title={title}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon size={18} aria-hidden="true" />
    </button>
  );
}
