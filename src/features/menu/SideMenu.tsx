import { IconChevronDown } from '@tabler/icons-react';
import MenuBar from './MenuBar';
import { DisabledEntry, EntryContent, LinkEntry, type Translate } from './MenuEntryParts';
import { findActivePath, type MenuItem } from './menu-items';

/**
 * Rendered on the server only (no `client:` directive): the menu works without JavaScript, and
 * `<details>` gives the collapsible section its keyboard behaviour for free.
 */
export interface SideMenuProps {
  items: readonly MenuItem[];
  pathname: string;
  /** Translates an i18n key; the layout passes `Astro.locals.t`. */
  label: Translate;
}

interface EntryProps {
  item: MenuItem;
  active: ReadonlySet<string>;
  label: Translate;
}

interface ListProps extends Omit<EntryProps, 'item'> {
  items: readonly MenuItem[];
  labelledBy?: string;
}

function EntryList({ items, active, label, labelledBy }: ListProps) {
  return (
    <ul className="app-menu-list" aria-labelledby={labelledBy}>
      {items.map((child, index) => (
        <MenuEntry key={child.id ?? index} item={child} active={active} label={label} />
      ))}
    </ul>
  );
}

function MenuEntry({ item, active, label }: EntryProps) {
  switch (item.type) {
    case 'group':
      return (
        <li className="app-menu-group">
          <p className="app-menu-heading" id={`menu-heading-${item.id}`}>
            {label(item.titleKey)}
          </p>
          <EntryList
            items={item.children}
            active={active}
            label={label}
            labelledBy={`menu-heading-${item.id}`}
          />
        </li>
      );
    case 'collapse':
      if (item.disabled) {
        return (
          <li>
            <DisabledEntry item={item} label={label} />
          </li>
        );
      }
      return (
        <li>
          <details className="app-menu-collapse" open={active.has(item.id)}>
            <summary className={active.has(item.id) ? 'app-menu-link has-active' : 'app-menu-link'}>
              <EntryContent item={item} label={label} />
              <IconChevronDown className="app-menu-chevron" size={16} aria-hidden="true" />
            </summary>
            <EntryList items={item.children} active={active} label={label} />
          </details>
        </li>
      );
    case 'item':
      return (
        <li>
          <LinkEntry item={item} active={active} label={label} />
        </li>
      );
    default:
      // Menu data is hand-written; a typo in `type` should show up on screen, not vanish silently.
      return <li className="app-menu-error">{label('menu.error')}</li>;
  }
}

/** The vertical menu inside the drawer (full width or the mini rail; CSS decides). */
export function DrawerMenu({ items, pathname, label }: SideMenuProps) {
  const active = new Set(findActivePath(items, pathname));
  return (
    <nav className="app-menu" aria-label={label('menu.label')}>
      <EntryList items={items} active={active} label={label} />
    </nav>
  );
}

/**
 * Everything the drawer region holds: the vertical menu and the horizontal bar, from the same
 * data. The stylesheet shows exactly one of them, keyed on `<html data-layout>`, so the settings
 * drawer can switch layouts live and a horizontal layout below `lg` falls back to the drawer.
 * The hidden one is `display: none`, out of the accessibility tree.
 */
export default function SideMenu(props: SideMenuProps) {
  return (
    <>
      <DrawerMenu {...props} />
      <MenuBar {...props} />
    </>
  );
}
