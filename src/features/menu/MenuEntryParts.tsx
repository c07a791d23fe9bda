import type { MenuChip, MenuItem, MenuLink } from './menu-items';

/**
 * The pieces the drawer (SideMenu) and the horizontal bar (MenuBar) share, so an entry reads and
 * sounds the same in both. Server-rendered only, like the menus that use them.
 */

/** Translates an i18n key; the layout passes `Astro.locals.t`, so no i18n runtime is needed here. */
export type Translate = (key: string) => string;

function Chip({ chip, label }: { chip: MenuChip; label: Translate }) {
  return <span className={`badge rounded-pill text-bg-${chip.variant} ms-auto`}>{label(chip.labelKey)}</span>;
}

/** Icon, title and chip. The title stays in the DOM in every layout: it is the accessible name. */
export function EntryContent({ item, label }: { item: MenuItem; label: Translate }) {
  const Icon = item.icon;
  return (
    <>
      {Icon && <Icon className="app-menu-icon" size={20} stroke={1.5} aria-hidden="true" />}
      <span className="app-menu-title">{label(item.titleKey)}</span>
      {item.chip && <Chip chip={item.chip} label={label} />}
    </>
  );
}

export interface LinkEntryProps {
  item: MenuLink;
  active: ReadonlySet<string>;
  label: Translate;
}

export function LinkEntry({ item, active, label }: LinkEntryProps) {
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

/** A disabled collapse or group: shown, named, but neither a link nor something that opens. */
export function DisabledEntry({ item, label }: { item: MenuItem; label: Translate }) {
  return (
    <span className="app-menu-link disabled" aria-disabled="true">
      <EntryContent item={item} label={label} />
    </span>
  );
}
