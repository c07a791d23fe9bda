import { IconDots } from '@tabler/icons-react';
import {
  createContext,
  forwardRef,
  useContext,
  useState,
  type ComponentPropsWithoutRef,
  type ReactElement,
} from 'react';
import { createPortal } from 'react-dom';
import { Dropdown } from 'react-bootstrap';
import type { RowActionButtonProps } from './RowActionButton';

/** The overflow button's name for the row it sits in ("More actions for Ada Lovelace"); ListTable provides it. */
export const RowMenuNameContext = createContext('');

type ToggleProps = ComponentPropsWithoutRef<'button'>;

// Drawn like the row's other icon buttons, so the "⋯" lines up with them.
const MenuToggle = forwardRef<HTMLButtonElement, ToggleProps>(function MenuToggle(props, ref) {
  return (
    <button ref={ref} type="button" {...props} className="btn btn-sm app-icon-btn app-row-menu-toggle">
      <IconDots size={18} aria-hidden="true" />
    </button>
  );
});

/**
 * A row's other actions behind "⋯": a menu the keyboard opens (Enter, Space, arrow keys) and
 * walks, Escape closing it back onto the button. The menu is drawn at the end of the page, so
 * the table's scroll box (which hides what overflows it) never cuts it off. Clicks in it reach
 * the row as React events, and the row leaves them alone (ListTable).
 */
export default function RowActionMenu({
  actions,
}: {
  actions: readonly ReactElement<RowActionButtonProps>[];
}) {
  const name = useContext(RowMenuNameContext);
  const [open, setOpen] = useState(false);
  const menu = (
    <Dropdown.Menu className="app-row-menu" popperConfig={{ strategy: 'fixed' }}>
      {actions.map(({ props }) => {
        const Icon = props.icon;
        return (
          <Dropdown.Item
            key={props.label}
            {...(props.href
              ? { href: props.href }
              : { as: 'button', type: 'button', onClick: props.onClick })}
            disabled={props.disabled}
          >
            <Icon size={18} aria-hidden="true" />
            {props.label}
          </Dropdown.Item>
        );
      })}
    </Dropdown.Menu>
  );
  return (
    <Dropdown align="end" className="app-row-menu-wrap" show={open} onToggle={(next) => setOpen(next)}>
      <Dropdown.Toggle as={MenuToggle} aria-label={name} title={name} />
      {/* Made when opened: nothing to hydrate, and 25 rows carry no 25 hidden menus. */}
      {open && createPortal(menu, document.body)}
    </Dropdown>
  );
}
