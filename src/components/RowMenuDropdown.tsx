import { IconDots } from '@tabler/icons-react';
import {
  forwardRef,
  useEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type ReactElement,
} from 'react';
import { createPortal } from 'react-dom';
import { Dropdown } from 'react-bootstrap';
import type { RowActionButtonProps } from './RowActionButton';

type ToggleProps = ComponentPropsWithoutRef<'button'>;

// Drawn like the row's other icon buttons, so the "⋯" lines up with them.
const MenuToggle = forwardRef<HTMLButtonElement, ToggleProps>(function MenuToggle(props, ref) {
  return (
    <button ref={ref} type="button" {...props} className="btn btn-sm app-icon-btn app-row-menu-toggle">
      <IconDots size={18} aria-hidden="true" />
    </button>
  );
});

interface RowMenuDropdownProps {
  actions: readonly ReactElement<RowActionButtonProps>[];
  name: string;
}

/**
 * The "⋯" menu itself, loaded the first time a row's menu is opened (RowActionMenu): a
 * react-bootstrap Dropdown the keyboard walks (arrow keys, Escape back onto the button). The menu
 * is drawn at the end of the page, so the table's scroll box (which hides what overflows it)
 * never cuts it off. Clicks in it reach the row as React events, and the row leaves them alone.
 */
export default function RowMenuDropdown({ actions, name }: RowMenuDropdownProps) {
  // It replaces the button that asked for it, open, with the focus where that button had it.
  const [open, setOpen] = useState(true);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => toggle.current?.focus(), []);
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
      <Dropdown.Toggle ref={toggle} as={MenuToggle} aria-label={name} title={name} />
      {/* Made only while open: 25 rows carry no 25 hidden menus. */}
      {open && createPortal(menu, document.body)}
    </Dropdown>
  );
}
