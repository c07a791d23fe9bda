import { IconDots } from '@tabler/icons-react';
import { createContext, lazy, Suspense, useContext, useState, type ReactElement } from 'react';
import type { RowActionButtonProps } from './RowActionButton';

/** The overflow button's name for the row it sits in ("More actions for Ada Lovelace"); ListTable provides it. */
export const RowMenuNameContext = createContext('');

// The Dropdown and its positioning weigh about 15 kB (gzip): loaded on the first "⋯" opened, not
// with every list.
const RowMenuDropdown = lazy(() => import('./RowMenuDropdown'));

/**
 * A row's other actions behind "⋯" (`rowActions` in ListTable.tsx). Until first opened it is only
 * its button; a click, Enter, Space or the down arrow opens the menu (RowMenuDropdown).
 */
export default function RowActionMenu({
  actions,
}: {
  actions: readonly ReactElement<RowActionButtonProps>[];
}) {
  const name = useContext(RowMenuNameContext);
  const [wanted, setWanted] = useState(false);
  const button = (
    <div className="app-row-menu-wrap dropdown">
      <button
        type="button"
        className="btn btn-sm app-icon-btn app-row-menu-toggle"
        aria-label={name}
        title={name}
        aria-expanded="false"
        onClick={() => setWanted(true)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setWanted(true);
          }
        }}
      >
        <IconDots size={18} aria-hidden="true" />
      </button>
    </div>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <RowMenuDropdown actions={actions} name={name} />
    </Suspense>
  );
}
