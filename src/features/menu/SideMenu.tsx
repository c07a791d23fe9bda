import { IconChevronDown } from '@tabler/icons-react';
import { findActivePath, type MenuChip, type MenuItem, type MenuLink } from './menu-items';

/**
 * Rendered on the server only (no `client:` directive): the drawer works without JavaScript and
 * ships none, and `<details>` gives the collapsible section its keyboard behaviour for free.
 */
export interface SideMenuProps {
  items: readonly MenuItem[];
  pathname: string;
  /** Translates an i18n key; the layout passes `Astro.locals.t`, so no i18n runtime is needed here. */
  label: (key: string) => string;
}

interface EntryProps {
  item: MenuItem;
  active: ReadonlySet<string>;
  label: (key: string) => string;
}

function Chip({ chip, label }: { chip: MenuChip; label: (key: string) => string }) {
  return <span className={`badge rounded-pill text-bg-${chip.variant} ms-auto`}>{label(chip.labelKey)}</span>;
}

function EntryContent({ item, label }: Omit<EntryProps, 'active'>) {
  const Icon = item.icon;
  return (
    <>
      {Icon && <Icon className="app-menu-icon" size={20} stroke={1.5} aria-hidden="true" focusable="false" />}
      <span className="app-menu-title">{label(item.titleKey)}</span>
      {item.chip && <Chip chip={item.chip} label={label} />}
    </>
  );
}

function LinkEntry({ item, active, label }: EntryProps & { item: MenuLink }) {
  if (item.disabled) {
    return (
      <span className="app-menu-link disabled" aria-disabled="true">
        <EntryContent item={item} label={label} />
      </span>
    );
  }
  const current = active.has(item.id);
  const external = item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <a
      className={current ? 'app-menu-link active' : 'app-menu-link'}
      href={item.url}
      aria-current={current ? 'page' : undefined}
      {...external}
    >
      <EntryContent item={item} label={label} />
      {item.external && <span className="visually-hidden">{label('menu.externalHint')}</span>}
    </a>
  );
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
            <span className="app-menu-link disabled" aria-disabled="true">
              <EntryContent item={item} label={label} />
            </span>
          </li>
        );
      }
      return (
        <li>
          <details className="app-menu-collapse" open={active.has(item.id)}>
            <summary className={active.has(item.id) ? 'app-menu-link has-active' : 'app-menu-link'}>
              <EntryContent item={item} label={label} />
              <IconChevronDown className="app-menu-chevron" size={16} aria-hidden="true" focusable="false" />
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

export default function SideMenu({ items, pathname, label }: SideMenuProps) {
  const active = new Set(findActivePath(items, pathname));
  return (
    <nav className="app-menu" aria-label={label('menu.label')}>
      <EntryList items={items} active={active} label={label} />
    </nav>
  );
}
