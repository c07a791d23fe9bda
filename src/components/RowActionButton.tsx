import type { TablerIcon } from '@tabler/icons-react';

export interface RowActionButtonProps {
  /** What the button does to this row, in words: its accessible name ("Edit Ada Lovelace"). */
  label: string;
  /** The hover tip, when shorter than the label ("Edit"); the label otherwise. */
  title?: string;
  icon: TablerIcon;
  /** What it does; or `href`, for an action that is a page of its own (a puzzle's game history). */
  onClick?: () => void;
  href?: string;
  disabled?: boolean;
}

/**
 * One icon button of a list row's actions. `rowActions` in ListTable.tsx keeps the first in view
 * and moves the rest into the row's "⋯" menu, as items with the same icon and words.
 */
export default function RowActionButton({
  label,
  title = label,
  icon: Icon,
  onClick,
  href,
  disabled,
}: RowActionButtonProps) {
  const icon = <Icon size={18} aria-hidden="true" />;
  return href ? (
    <a className="btn btn-sm app-icon-btn" href={href} aria-label={label} title={title}>
      {icon}
    </a>
  ) : (
    <button
      type="button"
      className="btn btn-sm app-icon-btn"
      aria-label={label}
      title={title}
      disabled={disabled}
      onClick={onClick}
    >
      {icon}
    </button>
  );
}
